import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getApiClient, type ApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/error-message';
import type { Build } from '@/lib/api/schemas';
import { fakeBuild } from '../testing/fake-build';
import { renderWithProviders } from '@/testing/render-with-providers';
import { useQueueBuild } from './new-project-build';
import { trackConfigSave } from './config-saves';

vi.mock('@/lib/api/client', () => ({ getApiClient: vi.fn() }));
const api = { newProjectBuild: vi.fn(), projectBuilds: vi.fn(), getLatestBuild: vi.fn() };

function QueueButton({ projectName }: { projectName: string | undefined }) {
  const queue = useQueueBuild('p1', projectName);
  const [result, setResult] = useState<Build | null | undefined>();
  return (
    <>
      <button type="button" onClick={() => void queue().then(setResult)}>
        Build
      </button>
      {result !== undefined && <output>{result ? `queued ${result.id}` : 'not queued'}</output>}
    </>
  );
}

describe('useQueueBuild', () => {
  beforeEach(() => {
    vi.mocked(getApiClient).mockResolvedValue(api as unknown as ApiClient);
    for (const operation of Object.values(api)) operation.mockReset();
  });

  it('queues, shows the info toast with the exact texts, and returns the build', async () => {
    api.newProjectBuild.mockResolvedValue({ data: fakeBuild({ id: 'new-build-1', status: 'queued' }) });
    renderWithProviders(<QueueButton projectName="Adder" />);
    await userEvent.click(screen.getByRole('button', { name: 'Build' }));
    expect(await screen.findByText('Build queued for project: Adder')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The build has been successfully queued. You can view build progress under "Build Logs" at the bottom of the editor.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('queued new-build-1');
    expect(api.newProjectBuild).toHaveBeenCalledWith({ project_id: 'p1' });
  });

  it("on failure shows the error toast with the API's message and returns null", async () => {
    api.newProjectBuild.mockRejectedValue(new ApiError(422, 'Project has no source files'));
    renderWithProviders(<QueueButton projectName="Adder" />);
    await userEvent.click(screen.getByRole('button', { name: 'Build' }));
    expect(await screen.findByText('Failed to queue a new build for project: Adder')).toBeInTheDocument();
    expect(screen.getByText('Project has no source files')).toBeInTheDocument();
    expect(screen.getByText('not queued')).toBeInTheDocument();
  });

  it('names the project Unknown without a name and falls back to the spec message without one from the API', async () => {
    api.newProjectBuild.mockRejectedValue(new Error('Network Error'));
    renderWithProviders(<QueueButton projectName={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Build' }));
    expect(await screen.findByText('Failed to queue a new build for project: Unknown')).toBeInTheDocument();
    expect(
      screen.getByText('An unknown error occurred while attempting to queue the build. Please try again later.'),
    ).toBeInTheDocument();
  });

  // Last: its toast stays on screen, and the tests above look for the same texts.
  it('waits for a configuration save still on its way before queueing (F8 right after a change)', async () => {
    api.newProjectBuild.mockResolvedValue({ data: fakeBuild({ id: 'after-config', status: 'queued' }) });
    let finishSave!: () => void;
    trackConfigSave('p1', new Promise<void>((resolve) => (finishSave = resolve)));
    renderWithProviders(<QueueButton projectName="Configured" />);
    await userEvent.click(screen.getByRole('button', { name: 'Build' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.newProjectBuild).not.toHaveBeenCalled();
    finishSave();
    expect(await screen.findByText('queued after-config')).toBeInTheDocument();
    expect(api.newProjectBuild).toHaveBeenCalledOnce();
  });
});
