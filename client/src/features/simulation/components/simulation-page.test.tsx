// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getApiClient, type ApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/error-message';
import type { Simulation } from '@/lib/api/schemas';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SimulationPage } from './simulation-page';

vi.mock('@/lib/api/client', () => ({ getApiClient: vi.fn() }));

/** Each test's run, with a short id of its own (sonner's toasts outlive a test). */
let runId: string;
/** What the gateway says of the run now (the page polls it while active). */
let status: Simulation['status'];
const run = (): Simulation => ({
  id: runId,
  project_id: 'p1',
  kind: 'testbench',
  status,
  created_at: '2026-11-28T10:00:00Z',
  started_at: '2026-11-28T10:00:01Z',
  finished_at: status === 'running' ? null : '2026-11-28T10:00:09Z',
  testbench: 'spin_tb.vhd',
  clock_hz: 125e6,
  failure: null,
});

const api = {
  simulationDetails: vi.fn(async () => ({ data: run() })),
  getSimulationLog: vi.fn(async () => ({ data: { lines: [], next_offset: 0, total: 0, complete: false } })),
  projectSimulations: vi.fn(async () => ({ data: [run()] })),
  cancelSimulation: vi.fn(),
};

/** Shows the page of a running run whose id ends in `short`; answers the page's header. */
async function renderPage(short: string) {
  runId = `sim-00000000000000${short}`;
  renderWithProviders(<SimulationPage simulationId={runId} onOpenFileLocation={() => {}} />);
  return (await screen.findByRole('heading', { name: `Simulation ${short}` })).closest('header')!;
}

/** The page's Cancel: the list's button, named by the run's last 7 characters (spec §9), saying "Cancel". */
const findCancel = (short: string) => screen.findByRole('button', { name: `Cancel simulation ${short}` });

describe("the simulation page's Cancel", () => {
  beforeEach(() => {
    status = 'running';
    vi.mocked(getApiClient).mockResolvedValue(api as unknown as ApiClient);
    api.cancelSimulation.mockReset();
  });

  it("is the list's Cancel: cancels by id, the status turns Cancelled and the button goes, with no toast", async () => {
    const user = userEvent.setup();
    const header = await renderPage('1111111');
    api.cancelSimulation.mockImplementation(async () => {
      status = 'cancelled';
      return { data: run() };
    });
    const cancel = await findCancel('1111111');
    expect(cancel).toHaveTextContent(/^Cancel$/);
    await user.click(cancel);
    await waitFor(() => expect(within(header).getByRole('status')).toHaveTextContent('Cancelled'));
    expect(api.cancelSimulation).toHaveBeenCalledWith({ simulation_id: runId });
    expect(screen.queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Failed to cancel/)).not.toBeInTheDocument();
  });

  it("on failure toasts as the list and the build page do: the run's short id and the API's reason; nothing inline", async () => {
    const user = userEvent.setup();
    const header = await renderPage('2222222');
    api.cancelSimulation.mockRejectedValue(new ApiError(409, 'Simulation 2222222 has already finished (passed)'));
    await user.click(await findCancel('2222222'));
    expect(await screen.findByText('Failed to cancel simulation: 2222222')).toBeInTheDocument();
    expect(screen.getByText('Simulation 2222222 has already finished (passed)')).toBeInTheDocument();
    expect(within(header).queryByRole('alert')).not.toBeInTheDocument();
    // Nothing lost: the run still runs, and its Cancel is there to try again.
    expect(within(header).getByRole('status')).toHaveTextContent('Running');
    expect(await findCancel('2222222')).toBeEnabled();
  });

  it('says "An unknown error occurred." (spec §8) when the API gives no reason', async () => {
    const user = userEvent.setup();
    await renderPage('3333333');
    api.cancelSimulation.mockRejectedValue(new ApiError(500, undefined));
    await user.click(await findCancel('3333333'));
    expect(await screen.findByText('Failed to cancel simulation: 3333333')).toBeInTheDocument();
    expect(screen.getByText('An unknown error occurred.')).toBeInTheDocument();
  });
});
