// The simulation operations of the compile API: each one's fetcher and, for reads, its SWR cache key.
import { getApiClient } from './client';
import type { BuildLog } from './schemas';

// Until the contract (openapi/openapi.json) carries these operations, their shapes are written here.
export interface Simulation {
  id: string;
  project_id: string;
  kind: 'stimulus' | 'testbench';
  status: 'queued' | 'running' | 'passed' | 'failed' | 'cancelled';
  created_at: string;
  started_at?: string | null;
  finished_at?: string | null;
  testbench?: string | null;
  duration_cycles?: number | null;
  clock_hz: number;
  failure?: { message: string; file?: string | null; line?: number | null } | null;
}

export interface SimulationSignal {
  id: string;
  path: string;
  scope: string;
  name: string;
  width: number;
  type: string;
  signed?: boolean;
  volts_per_lsb?: number;
}

export interface SimulationSignals {
  time_unit: string;
  end_time: number;
  signals: SimulationSignal[];
}

export interface SimulationWaveform {
  from: number;
  to: number;
  signals: { id: string; initial: string; changes: [number, string][]; truncated: boolean }[];
}

export interface Stimulus {
  shape: 'dc' | 'sine' | 'square' | 'ramp' | 'noise' | 'samples';
  unit: 'volts' | 'codes';
  amplitude: number;
  offset: number;
  frequency_hz: number;
  phase_deg: number;
  samples?: number[];
}

export interface StimulusSimulationRequest {
  kind: 'stimulus';
  duration_cycles: number;
  inputs: Partial<Record<'A' | 'B' | 'C' | 'D', Stimulus>>;
  controls: { register: number; value: number; at_cycle: number }[];
  reset: { at_cycle: number; value: boolean }[];
  ext_trig: { at_cycle: number; value: boolean }[];
  probes?: string[];
}

export type StartSimulationBody =
  StimulusSimulationRequest | { kind: 'testbench'; testbench: string; stop_time_ns: number };

type Call<P, R> = (parameters: P, body?: unknown) => Promise<{ data: R }>;
interface SimulationOperations {
  startSimulation: Call<{ project_id: string }, Simulation>;
  projectSimulations: Call<{ project_id: string }, Simulation[]>;
  simulationDetails: Call<{ simulation_id: string }, Simulation>;
  getSimulationLog: Call<{ simulation_id: string; offset: number; limit: number }, BuildLog>;
  cancelSimulation: Call<{ simulation_id: string }, Simulation>;
  getSimulationSignals: Call<{ simulation_id: string }, SimulationSignals>;
  getSimulationWaveform: Call<
    { simulation_id: string; signals: string; from?: number; to?: number },
    SimulationWaveform
  >;
}

const simulationApi = async () => (await getApiClient()) as unknown as SimulationOperations;

/** Whether the API offers simulations: an API without them (proxy mode, an older upstream) hides Simulate. */
export async function simulationsAvailable(): Promise<boolean> {
  const api = (await getApiClient()) as unknown as Record<string, unknown>;
  return typeof api.startSimulation === 'function';
}

export const simulationsAvailableKey = () => ['operationAvailable', 'startSimulation'] as const;

/** startSimulation: runs the project with a generated stimulus or one of its testbenches. */
export async function startSimulation(projectId: string, body: StartSimulationBody): Promise<Simulation> {
  const response = await (await simulationApi()).startSimulation({ project_id: projectId }, body);
  return response.data;
}

/** The project's simulations, newest first. */
export async function getProjectSimulations(projectId: string): Promise<Simulation[]> {
  return (await (await simulationApi()).projectSimulations({ project_id: projectId })).data;
}

export const projectSimulationsKey = (projectId: string) => ['projectSimulations', projectId] as const;

export async function getSimulation(simulationId: string): Promise<Simulation> {
  return (await (await simulationApi()).simulationDetails({ simulation_id: simulationId })).data;
}

export const simulationKey = (simulationId: string) => ['simulationDetails', simulationId] as const;

export async function cancelSimulation(simulationId: string): Promise<Simulation> {
  return (await (await simulationApi()).cancelSimulation({ simulation_id: simulationId })).data;
}

/** The simulation log from `offset` (same shape and paging as a build log). */
export async function getSimulationLog(simulationId: string, offset: number, limit = 100_000): Promise<BuildLog> {
  return (await (await simulationApi()).getSimulationLog({ simulation_id: simulationId, offset, limit })).data;
}

export async function getSimulationSignals(simulationId: string): Promise<SimulationSignals> {
  return (await (await simulationApi()).getSimulationSignals({ simulation_id: simulationId })).data;
}

export const simulationSignalsKey = (simulationId: string) => ['getSimulationSignals', simulationId] as const;

/** Value changes of `signalIds` from `from` to `to` (a large run is read in pieces). */
export async function getSimulationWaveform(
  simulationId: string,
  signalIds: readonly string[],
  from?: number,
  to?: number,
): Promise<SimulationWaveform> {
  const response = await (
    await simulationApi()
  ).getSimulationWaveform({
    simulation_id: simulationId,
    signals: signalIds.join(','),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  });
  return response.data;
}

/** Where the run's VCD downloads from: a plain link, so a large dump streams to disk (as artifacts do). */
export const simulationVcdUrl = (simulationId: string) => `/api/simulations/${encodeURIComponent(simulationId)}/vcd`;
