// How a simulation run reads in words: its status and what ran. The run's page and the project's list
// of runs both say it this way.
import type { Simulation } from '@/lib/api/schemas';

export const SIMULATION_STATUS_TEXT: Record<Simulation['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** "Testbench count_tb.vhd, stop at 1,000 ns" or "Instrument signals, 2,000 cycles". */
export function simulationSummary(simulation: Simulation): string {
  if (simulation.kind === 'testbench')
    return `Testbench ${simulation.testbench ?? ''}${simulation.stop_time_ns ? `, stop at ${simulation.stop_time_ns.toLocaleString('en')} ns` : ''}`;
  return `Instrument signals, ${simulation.duration_cycles?.toLocaleString('en') ?? '?'} cycles`;
}
