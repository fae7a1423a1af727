import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getApiClient, type ApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/error-message';
import { fakeBuild } from '../testing/fake-build';
import { renderWithProviders } from '@/testing/render-with-providers';
import { useCancelBuild } from './cancel-build';

vi.mock('@/lib/api/client', () => ({ getApiClient: vi.fn() }));
const api = { cancelBuild: vi.fn(), projectBuilds: vi.fn(), getLatestBuild: vi.fn(), buildDetails: vi.fn() };

function CancelButton({ buildId }: { buildId: string }) {
  const cancel = useCancelBuild();
  return (
    <button type="button" onClick={() => void cancel(buildId)}>
      Cancel
    </button>
  );
}

describe('useCancelBuild', () => {
  beforeEach(() => {
    vi.mocked(getApiClient).mockResolvedValue(api as unknown as ApiClient);
    for (const operation of Object.values(api)) operation.mockReset();
  });

  it('cancels by id without a toast', async () => {
    api.cancelBuild.mockResolvedValue({ data: fakeBuild({ id: 'build-00000001234567', status: 'cancelled' }) });
    renderWithProviders(<CancelButton buildId="build-00000001234567" />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.cancelBuild).toHaveBeenCalledWith({ build_id: 'build-00000001234567' }));
    expect(screen.queryByText(/Failed to cancel/)).not.toBeInTheDocument();
  });

  it("on failure shows the spec's toast: the last 7 characters of the id and the API's message", async () => {
    api.cancelBuild.mockRejectedValue(new ApiError(409, 'Build 1234567 has already finished (succeeded)'));
    renderWithProviders(<CancelButton buildId="build-00000001234567" />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Failed to cancel build: 1234567')).toBeInTheDocument();
    expect(screen.getByText('Build 1234567 has already finished (succeeded)')).toBeInTheDocument();
  });

  it('falls back to "An unknown error occurred." without a message', async () => {
    api.cancelBuild.mockRejectedValue(new ApiError(500, undefined));
    renderWithProviders(<CancelButton buildId="abcdefghij" />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Failed to cancel build: defghij')).toBeInTheDocument();
    expect(screen.getByText('An unknown error occurred.')).toBeInTheDocument();
  });
});
