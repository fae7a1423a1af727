/**
 * The simulation vocabulary shared by the simulation store, the runners and the API handlers
 * (the contract's Simulation, SimulationStart and waveform shapes). Nothing here imports a runner.
 */

export type SimulationKind = 'stimulus' | 'testbench';
export type SimulationStatus = 'queued' | 'running' | 'passed' | 'failed' | 'cancelled';

export const isFinishedSimulation = (status: SimulationStatus) => status !== 'queued' && status !== 'running';

export interface SimulationFailure {
  message: string;
  file?: string;
  line?: number;
}

/** A simulation as the contract shows it (Simulation). */
export interface SimulationView {
  id: string;
  project_id: string;
  kind: SimulationKind;
  status: SimulationStatus;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  testbench?: string;
  duration_cycles?: number;
  stop_time_ns?: number;
  clock_hz: number;
  failure: SimulationFailure | null;
}

export type StimulusShape = 'dc' | 'sine' | 'square' | 'ramp' | 'noise' | 'samples';

/** One analog input's drive, with the contract's defaults filled in. */
export interface Stimulus {
  shape: StimulusShape;
  unit: 'volts' | 'codes';
  amplitude: number;
  offset: number;
  frequency_hz: number;
  phase_deg: number;
  samples: number[];
}

export const INPUT_NAMES = ['A', 'B', 'C', 'D'] as const;
export type InputName = (typeof INPUT_NAMES)[number];

export interface ControlChange {
  register: number;
  value: number;
  at_cycle: number;
}

export interface PinChange {
  at_cycle: number;
  value: boolean;
}

/** A stimulus run's request, checked and with defaults filled in. */
export interface StimulusPlan {
  kind: 'stimulus';
  durationCycles: number;
  inputs: Partial<Record<InputName, Stimulus>>;
  controls: ControlChange[];
  reset: PinChange[];
  extTrig: PinChange[];
  probes: string[];
}

export interface TestbenchPlan {
  kind: 'testbench';
  testbench: string;
  stopTimeNs: number;
}

export type SimulationPlan = StimulusPlan | TestbenchPlan;

/** A recorded signal (the contract's SimulationSignal). */
export interface SignalInfo {
  id: string;
  path: string;
  scope: string;
  name: string;
  width: number;
  type: 'wire' | 'reg' | 'integer' | 'real';
  signed?: boolean;
  volts_per_lsb?: number;
}

/** One value change: [time in ps, VCD value]. */
export type Change = [number, string];
