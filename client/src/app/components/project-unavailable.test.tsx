import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '@/lib/api/error-message';
import { ProjectUnavailable } from './project-unavailable';

function renderView(error: unknown, retrying = false) {
  const onRetry = vi.fn();
  render(
    <MemoryRouter>
      <ProjectUnavailable projectId="abc" error={error} onRetry={onRetry} retrying={retrying} />
    </MemoryRouter>,
  );
  return onRetry;
}

describe('ProjectUnavailable', () => {
  it('says "Project not found" for a 404, names the id and links to the projects; nothing to retry', () => {
    renderView(new ApiError(404, 'Project not found'));
    expect(screen.getByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByText('abc')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute('href', '/projects');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry for any other failure, with the API message or a readable fallback', async () => {
    const onRetry = renderView(new TypeError('Network Error'));
    expect(screen.getByRole('heading', { name: 'The project could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and retry.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toBeInTheDocument();
  });

  it('does not stack retries: while one runs the button waits, focusable', async () => {
    const onRetry = renderView(new ApiError(503, 'Upstream unavailable'), true);
    expect(screen.getByRole('alert')).toHaveTextContent('Upstream unavailable');
    const button = screen.getByRole('button', { name: 'Retrying…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(onRetry).not.toHaveBeenCalled();
  });
});
