import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TermsScreen } from './terms-screen';
import { getApiClient, type ApiClient } from '@/lib/api/client';
import { renderWithProviders } from '@/testing/render-with-providers';

// The API client is built from the live OpenAPI document; here it is a stand-in with the one operation.
vi.mock('@/lib/api/client', () => ({ getApiClient: vi.fn() }));

const updateTermsMock = vi.fn();
vi.mocked(getApiClient).mockResolvedValue({ updateTerms: updateTermsMock } as unknown as ApiClient);

function renderTerms(acceptedVersion: number, onAccepted = vi.fn()) {
  renderWithProviders(<TermsScreen acceptedVersion={acceptedVersion} version={2} onAccepted={onAccepted} />);
  return onAccepted;
}

describe('TermsScreen', () => {
  beforeEach(() => {
    updateTermsMock.mockReset();
  });

  it('asks a new user to accept the terms to use the platform', () => {
    renderTerms(0);
    expect(screen.getByRole('heading', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByText('The Terms and Conditions must be accepted to use the platform.')).toBeInTheDocument();
    expect(screen.queryByText(/revised/)).not.toBeInTheDocument();
  });

  it('tells a user who accepted an older version that the terms were revised', () => {
    renderTerms(1);
    expect(
      screen.getByText('The Terms and Conditions have been revised and must be accepted again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/to use the platform/)).not.toBeInTheDocument();
  });

  it('links the terms and the privacy policy from the checkbox, and keeps PROCEED disabled until it is ticked', async () => {
    renderTerms(0);
    const checkbox = screen.getByRole('checkbox', {
      name: /I have read and agree to the Terms and Conditions and the Privacy Policy/,
    });
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href');
    const proceed = screen.getByRole('button', { name: 'PROCEED' });
    expect(proceed).toBeDisabled();
    await userEvent.click(checkbox);
    expect(proceed).toBeEnabled();
    await userEvent.click(checkbox);
    expect(proceed).toBeDisabled();
  });

  it('posts the current version, then hands over to the app', async () => {
    updateTermsMock.mockResolvedValue({ status: 200, data: null });
    const onAccepted = renderTerms(1);
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'PROCEED' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledOnce());
    expect(updateTermsMock).toHaveBeenCalledWith({ tos_version: 2 });
  });

  it('only logs a failed update', async () => {
    const failure = new Error('Request failed with status code 500');
    updateTermsMock.mockRejectedValue(failure);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onAccepted = renderTerms(0);
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'PROCEED' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith(expect.any(String), failure));
    expect(onAccepted).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PROCEED' })).toBeEnabled();
  });
});
