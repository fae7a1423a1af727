import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { AppProviders } from './provider';

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are announced in a live region and stay 7000 ms', async () => {
    vi.useFakeTimers();
    render(<AppProviders>app</AppProviders>);
    act(() => {
      toast.error('Failed to cancel build: 9abcdef', { description: 'An unknown error occurred.' });
    });
    const region = await vi.waitFor(() => screen.getByRole('region', { name: /Notifications/ }));
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(await vi.waitFor(() => screen.getByText('Failed to cancel build: 9abcdef'))).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(6500));
    expect(screen.getByText('Failed to cancel build: 9abcdef')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1500));
    // sonner animates out before removing the toast.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Failed to cancel build: 9abcdef')).not.toBeInTheDocument();
  });
});
