import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getApiClient, type ApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/error-message';
import type { BuildConfigOptions, ProjectConfig } from '@/lib/api/schemas';
import { fakeBuild } from '../testing/fake-build';
import { renderWithProviders } from '@/testing/render-with-providers';
import { BuildConfigPanel, CONFIG_SAVE_FAILED_TITLE } from './build-config-panel';
import { BuildLogsPanel } from './build-logs-panel';

vi.mock('@/lib/api/client', () => ({ getApiClient: vi.fn() }));
const api = {
  getLatestBuild: vi.fn(),
  getBuildLog: vi.fn(),
  cancelBuild: vi.fn(),
  buildConfigs: vi.fn(),
  updateProjectConfig: vi.fn(),
};

const options: BuildConfigOptions = {
  os_versions: ['4.1.1', '4.0.0'],
  hardware: [
    { id: 'mk-go', name: 'Moku:Go', clock_mhz: 31.25, slots: [2, 3] },
    { id: 'mk-pro', name: 'Moku:Pro', clock_mhz: 312.5, slots: [4] },
  ],
  targets: [
    { id: 'CustomInstrument', name: 'CustomInstrument', legacy: false, description: 'The current slot interface' },
    { id: 'CustomWrapper', name: 'CustomWrapper', legacy: true, description: 'The legacy slot interface' },
  ],
  interpolation: { default: false, description: 'Interpolate the outputs to the DAC rate' },
};
const config: ProjectConfig = {
  hardware: 'mk-go',
  slots: 3,
  os_version: '4.1.1',
  target: 'CustomInstrument',
  interpolation: false,
};

beforeEach(() => {
  vi.mocked(getApiClient).mockResolvedValue(api as unknown as ApiClient);
  for (const operation of Object.values(api)) operation.mockReset();
});

describe('BuildLogsPanel header', () => {
  beforeEach(() => {
    localStorage.clear();
    // A log with one page: complete for a finished build, empty and still open for a queued one.
    api.getBuildLog.mockResolvedValue({ data: { lines: [], next_offset: 0, total: 0, complete: false } });
  });

  it('is folded while the project has no build, and says so when opened', async () => {
    api.getLatestBuild.mockResolvedValue({ data: {} });
    renderWithProviders(<BuildLogsPanel projectId="p1" onOpenFileLocation={() => {}} />);
    const toggle = screen.getByRole('button', { name: 'Build Logs' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(await screen.findByText(/No build history/)).toBeVisible();
  });

  it('shows a queued build with its position and a Cancel button that cancels it by id', async () => {
    const build = fakeBuild({
      id: 'build-000000abc1234',
      status: 'queued',
      queue_position: 2,
      started_at: null,
      finished_at: null,
    });
    api.getLatestBuild.mockResolvedValue({ data: build });
    api.cancelBuild.mockResolvedValue({ data: { ...build, status: 'cancelled', queue_position: null } });
    renderWithProviders(<BuildLogsPanel projectId="p1" onOpenFileLocation={() => {}} />);
    expect(await screen.findByRole('link', { name: 'Build abc1234' })).toHaveAttribute(
      'href',
      '/builds/p1/build-000000abc1234',
    );
    expect(screen.getByRole('img', { name: 'Queued' })).toBeInTheDocument();
    expect(screen.getByText('queued, 1 ahead')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel build abc1234' }));
    expect(api.cancelBuild).toHaveBeenCalledWith({ build_id: 'build-000000abc1234' });
  });

  it('offers the artifacts of a finished build as download links', async () => {
    api.getLatestBuild.mockResolvedValue({
      data: fakeBuild({
        id: 'b1',
        artifacts: [{ name: 'bitstreams.tar', size: 2048, content_type: 'application/x-tar' }],
      }),
    });
    api.getBuildLog.mockResolvedValue({ data: { lines: ['done'], next_offset: 1, total: 1, complete: true } });
    renderWithProviders(<BuildLogsPanel projectId="p1" onOpenFileLocation={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Artifacts (1)' }));
    expect(await screen.findByRole('menuitem', { name: /bitstreams\.tar/ })).toHaveAttribute(
      'href',
      '/api/builds/b1/artifacts/bitstreams.tar',
    );
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });
});

describe('BuildConfigPanel', () => {
  it('saves a change at once, keeping the slot count one the new model offers', async () => {
    api.buildConfigs.mockResolvedValue({ data: options });
    api.updateProjectConfig.mockResolvedValue({ data: {} });
    const onConfigSaved = vi.fn();
    renderWithProviders(<BuildConfigPanel projectId="p1" config={config} onConfigSaved={onConfigSaved} />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Hardware' }), 'mk-pro');
    await waitFor(() => expect(onConfigSaved).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(api.updateProjectConfig).toHaveBeenCalledWith(
      { project_id: 'p1' },
      { ...config, hardware: 'mk-pro', slots: 4 },
    );
    expect(screen.getByRole('combobox', { name: 'Number of slots' })).toHaveValue('4');
    expect(screen.getByText(/firmware 601 or older/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /legacy compile tool/ })).toHaveAttribute('target', '_blank');
  });

  it('shows why a save failed and puts the control back to what the server has', async () => {
    api.buildConfigs.mockResolvedValue({ data: options });
    api.updateProjectConfig.mockRejectedValue(new ApiError(422, 'Unknown OS version'));
    renderWithProviders(<BuildConfigPanel projectId="p1" config={config} />);
    const os = await screen.findByRole('combobox', { name: 'OS version' });
    await userEvent.selectOptions(os, '4.0.0');
    expect(await screen.findByText(CONFIG_SAVE_FAILED_TITLE)).toBeInTheDocument();
    expect(screen.getByText('Unknown OS version')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: Unknown OS version');
    await waitFor(() => expect(os).toHaveValue('4.1.1'));
  });

  it('toggles output interpolation and offers the legacy target interface', async () => {
    api.buildConfigs.mockResolvedValue({ data: options });
    api.updateProjectConfig.mockResolvedValue({ data: {} });
    renderWithProviders(<BuildConfigPanel projectId="p1" config={config} />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Output interpolation' }));
    await waitFor(() =>
      expect(api.updateProjectConfig).toHaveBeenCalledWith({ project_id: 'p1' }, { ...config, interpolation: true }),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'CustomWrapper (legacy)' }));
    await waitFor(() =>
      expect(api.updateProjectConfig).toHaveBeenLastCalledWith(
        { project_id: 'p1' },
        { ...config, interpolation: true, target: 'CustomWrapper' },
      ),
    );
    expect(screen.getByRole('group', { name: 'Target interface' })).toBeInTheDocument();
  });

  it('says "(legacy)" once when the target name already says it', async () => {
    const targets = options.targets.map((target) =>
      target.legacy ? { ...target, name: 'Custom Wrapper (legacy)' } : target,
    );
    api.buildConfigs.mockResolvedValue({ data: { ...options, targets } });
    renderWithProviders(<BuildConfigPanel projectId="p1" config={config} />);
    expect(await screen.findByRole('radio', { name: 'Custom Wrapper (legacy)' })).toBeInTheDocument();
  });
});
