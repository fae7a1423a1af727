import type { SignalInfo } from './simulation-types.js';

/** The slot's ports as the generated testbench names them (either case: GHDL writes lower case). */
const SLOT_PORT = /^(clk|reset|exttrig|input[a-d]|output[a-d]|control(?:[0-9]|1[0-5])|status(?:[0-9]|1[0-5]))$/i;
const ANALOG = /^(input|output)[a-d]$/i;

/**
 * Which signals of a stimulus run's dump are kept: the testbench's own (the slot's ports, one per
 * register) and the probes asked for, by their name in the design (`Counter`) or their dotted path
 * below it (`filter.acc`). The simulator dumps everything; the rest is left out of the waveform.
 */
export function keepSignal(signal: SignalInfo, tb: string, probes: readonly string[], found?: Set<string>): boolean {
  const scope = signal.scope.toLowerCase();
  if (scope === tb.toLowerCase()) return SLOT_PORT.test(signal.name);
  const below = `${tb}.dut`.toLowerCase();
  if (scope !== below && !scope.startsWith(`${below}.`)) return false;
  const relative = `${scope.slice(below.length + 1)}${scope === below ? '' : '.'}${signal.name}`.toLowerCase();
  const probe = probes.find(
    (p) => p.toLowerCase() === relative || (scope === below && p.toLowerCase() === signal.name.toLowerCase()),
  );
  if (probe) found?.add(probe);
  return probe !== undefined;
}

/** The slot's analog ports are signed codes; their volts per code are the hardware's. */
export function slotSignal(signal: SignalInfo, tb: string, voltsPerLsb: number): SignalInfo {
  if (signal.scope.toLowerCase() === tb.toLowerCase() && ANALOG.test(signal.name) && signal.width === 16)
    return { ...signal, signed: true, volts_per_lsb: voltsPerLsb };
  return signal;
}
