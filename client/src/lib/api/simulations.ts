// The simulation operations of the compile API: each one's fetcher and, for reads, its SWR cache key.
import { getApiClient } from './client';
import type { BuildLog, Simulation, SimulationSignals, SimulationStart, Waveform, WaveformSummary } from './schemas';

/** Whether the API offers simulations: an API without them (proxy mode, an older upstream) hides Simulate. */
export async function simulationsAvailable(): Promise<boolean> {
  // The client has one method per operation of the document the gateway served.
  const api = (await getApiClient()) as unknown as Record<string, unknown>;
  return typeof api.startSimulation === 'function';
}

export const simulationsAvailableKey = () => ['operationAvailable', 'startSimulation'] as const;

/** startSimulation: runs the project with a generated stimulus or one of its testbenches. */
export async function startSimulation(projectId: string, body: SimulationStart): Promise<Simulation> {
  const api = await getApiClient();
  const response = await api.startSimulation({ project_id: projectId }, body);
  return response.data;
}

/** projectSimulations: the project's simulations, newest first. */
export async function getProjectSimulations(projectId: string): Promise<Simulation[]> {
  const api = await getApiClient();
  return (await api.projectSimulations({ project_id: projectId })).data;
}

export const projectSimulationsKey = (projectId: string) => ['projectSimulations', projectId] as const;

/** simulationDetails: one simulation by id. */
export async function getSimulation(simulationId: string): Promise<Simulation> {
  const api = await getApiClient();
  return (await api.simulationDetails({ simulation_id: simulationId })).data;
}

export const simulationKey = (simulationId: string) => ['simulationDetails', simulationId] as const;

/** cancelSimulation: stops a queued or running simulation. */
export async function cancelSimulation(simulationId: string): Promise<Simulation> {
  const api = await getApiClient();
  return (await api.cancelSimulation({ simulation_id: simulationId })).data;
}

/** getSimulationLog: the simulation log from `offset` (the same shape and paging as a build log). */
export async function getSimulationLog(simulationId: string, offset: number, limit = 100_000): Promise<BuildLog> {
  const api = await getApiClient();
  return (await api.getSimulationLog({ simulation_id: simulationId, offset, limit })).data;
}

/** simulationSignals: what the run recorded, and its end time (ps). */
export async function getSimulationSignals(simulationId: string): Promise<SimulationSignals> {
  const api = await getApiClient();
  return (await api.simulationSignals({ simulation_id: simulationId })).data;
}

export const simulationSignalsKey = (simulationId: string) => ['simulationSignals', simulationId] as const;

/** Most value changes asked for per answer: the contract's maximum, so a million changes arrive in ten. */
export const WAVEFORM_PAGE_CHANGES = 100_000;

/**
 * getWaveform: value changes of `signalIds` (at most 64) from `from` on, up to `to` (the run's end when
 * left out); a large run is read in pieces.
 */
export async function getWaveform(
  simulationId: string,
  signalIds: readonly string[],
  from: number,
  limit = WAVEFORM_PAGE_CHANGES,
  to?: number,
  signal?: AbortSignal,
): Promise<Waveform> {
  const api = await getApiClient();
  const response = await api.getWaveform(
    {
      simulation_id: simulationId,
      signals: signalIds.join(','),
      from,
      limit,
      ...(to === undefined ? {} : { to }),
    },
    undefined,
    { signal },
  );
  // Without columns the answer is the changes themselves.
  return response.data as Waveform;
}

/** Most time buckets per signal in one summary (the contract's maximum of columns). */
export const MAX_SUMMARY_COLUMNS = 4096;

/**
 * getWaveform with columns: each signal's changes in (from, to] summarised in `columns` equal time buckets
 * (counts, min, max, the value at each bucket's start); `signal` aborts a request a newer one superseded.
 */
export async function getWaveformSummary(
  simulationId: string,
  signalIds: readonly string[],
  from: number,
  to: number,
  columns: number,
  signal?: AbortSignal,
): Promise<WaveformSummary> {
  const api = await getApiClient();
  const response = await api.getWaveform(
    { simulation_id: simulationId, signals: signalIds.join(','), from, to, columns },
    undefined,
    { signal },
  );
  return response.data as WaveformSummary;
}

/**
 * Where the run's VCD (downloadWaveform) and a stimulus run's inputs as CSV (downloadStimulus) download
 * from: plain same-origin links, so a large dump streams to disk, as build artifacts do.
 */
export const simulationVcdUrl = (simulationId: string) => `/api/simulations/${encodeURIComponent(simulationId)}/vcd`;
export const simulationStimulusUrl = (simulationId: string) =>
  `/api/simulations/${encodeURIComponent(simulationId)}/stimulus.csv`;
