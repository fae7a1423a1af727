// The Simulate form's fields as typed text, checked and turned into a startSimulation body. Every field's
// problem is reported at once, in words, next to the field it belongs to (the key is the field's id).

import { MAX_PROBES, probeNameProblem } from '@cloud-compile/shared';
import type { Stimulus } from '@/lib/api/schemas';

/**
 * A stimulus run's body (the contract's SimulationStart). Written out with plain arrays: the generated
 * types make a `maxItems` array a tuple of that many optional items, which no built array satisfies.
 */
export interface StimulusSimulationRequest {
  kind: 'stimulus';
  duration_cycles: number;
  inputs: Partial<Record<InputName, Omit<Stimulus, 'samples'> & { samples?: number[] }>>;
  controls: { register: number; value: number; at_cycle: number }[];
  reset: { at_cycle: number; value: boolean }[];
  ext_trig: { at_cycle: number; value: boolean }[];
  /** Internal signals recorded besides the slot's ports. */
  probes: string[];
}

export const INPUTS = ['A', 'B', 'C', 'D'] as const;
export type InputName = (typeof INPUTS)[number];

export const SHAPES = ['off', 'dc', 'sine', 'square', 'ramp', 'noise', 'samples'] as const;
export type ShapeChoice = (typeof SHAPES)[number];
export const SHAPE_LABELS: Record<ShapeChoice, string> = {
  off: 'Not driven (0)',
  dc: 'DC',
  sine: 'Sine',
  square: 'Square',
  ramp: 'Ramp',
  noise: 'Noise',
  samples: 'CSV samples',
};

export interface InputFields {
  shape: ShapeChoice;
  unit: 'volts' | 'codes';
  amplitude: string;
  offset: string;
  frequency: string;
  phase: string;
  /** CSV text: one sample per line or comma-separated, one per clock cycle, repeated. */
  samples: string;
}

export interface ControlFields {
  register: string;
  value: string;
  atCycle: string;
}

export interface StimulusFields {
  inputs: Record<InputName, InputFields>;
  controls: ControlFields[];
  /** Cycles Reset is held high from the start (0: never). */
  resetCycles: string;
  /** Cycles at which ExtTrig pulses high for one cycle, comma-separated. */
  extTrig: string;
  durationCycles: string;
  /** Internal signals to record: names in the top-level design or dotted paths below it, comma-separated. */
  probes: string;
}

/** Bounds of the form (the contract's are the server's word; these keep obvious mistakes from a round trip). */
export const LIMITS = {
  maxCycles: 1_000_000,
  maxControls: 256,
  maxSamples: 65_536,
  maxFrequencyHz: 1e10,
  /** Each pulse is two PinChanges; the contract takes 256. */
  maxTriggers: 128,
  maxCsvBytes: 2 * 1024 * 1024,
} as const;

export const defaultInput = (): InputFields => ({
  shape: 'off',
  unit: 'volts',
  amplitude: '0.5',
  offset: '0',
  frequency: '1M',
  phase: '0',
  samples: '',
});

export const defaultStimulus = (): StimulusFields => ({
  inputs: { A: defaultInput(), B: defaultInput(), C: defaultInput(), D: defaultInput() },
  controls: [],
  resetCycles: '4',
  extTrig: '',
  durationCycles: '1000',
  probes: '',
});

const SUFFIXES: Record<string, number> = { G: 1e9, M: 1e6, k: 1e3, K: 1e3, m: 1e-3, u: 1e-6, µ: 1e-6 };

/** "1M" → 1e6, "2.5k" → 2500, "-0.3" → -0.3; NaN for anything else. */
export function parseNumber(text: string): number {
  const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([GMkKmuµ]?)\s*(?:hz|Hz|HZ|V|v)?\s*$/.exec(text);
  if (!match) return NaN;
  return Number(match[1]) * (match[2] ? SUFFIXES[match[2]]! : 1);
}

/** An integer in decimal or 0x hex; NaN otherwise. */
export function parseInteger(text: string): number {
  const trimmed = text.trim();
  if (/^[+-]?\d+$/.test(trimmed)) return Number(trimmed);
  if (/^0x[0-9a-f]+$/i.test(trimmed)) return Number.parseInt(trimmed.slice(2), 16);
  return NaN;
}

/** Samples from CSV text: numbers separated by commas, semicolons, spaces or line breaks; a header line is skipped. */
export function parseSamples(text: string): { samples: number[]; error?: string } {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length > 0 && /[a-df-z]/i.test(lines[0]!) && !/^\s*[-+\d.]/.test(lines[0]!)) lines.shift();
  const samples: number[] = [];
  for (const [index, line] of lines.entries()) {
    for (const cell of line.split(/[,;\s]+/).filter(Boolean)) {
      const value = Number(cell);
      if (!Number.isFinite(value))
        return { samples, error: `Line ${index + 1}: "${cell.slice(0, 20)}" is not a number.` };
      samples.push(value);
      if (samples.length > LIMITS.maxSamples)
        return { samples, error: `At most ${LIMITS.maxSamples.toLocaleString('en')} samples.` };
    }
  }
  if (samples.length === 0) return { samples, error: 'Paste or upload at least one sample.' };
  return { samples };
}

export type FieldErrors = Record<string, string>;

/** Field ids, shared by the form's inputs and the error map. */
export const fieldId = {
  input: (input: InputName, field: keyof InputFields) => `sim-input-${input}-${field}`,
  control: (index: number, field: keyof ControlFields) => `sim-control-${index}-${field}`,
  resetCycles: 'sim-reset-cycles',
  extTrig: 'sim-ext-trig',
  durationCycles: 'sim-duration',
  probes: 'sim-probes',
};

/**
 * The probe names typed (commas, semicolons or spaces between them), each once: VHDL names ignore case,
 * so `Count` after `count` is the same signal.
 */
export function parseProbes(text: string): { probes: string[]; error?: string } {
  const probes: string[] = [];
  const seen = new Set<string>();
  for (const name of text.split(/[,;\s]+/).filter(Boolean)) {
    const problem = probeNameProblem(name);
    if (problem) return { probes, error: `${problem}.` };
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    probes.push(name);
  }
  if (probes.length > MAX_PROBES) return { probes, error: `At most ${MAX_PROBES} signals.` };
  return { probes };
}

function checkInput(
  name: InputName,
  fields: InputFields,
  errors: FieldErrors,
): StimulusSimulationRequest['inputs'][InputName] {
  if (fields.shape === 'off') return undefined;
  const number = (field: 'amplitude' | 'offset' | 'frequency' | 'phase', what: string) => {
    const value = parseNumber(fields[field]);
    if (!Number.isFinite(value)) errors[fieldId.input(name, field)] = `${what} must be a number, e.g. 0.5 or 1M.`;
    return value;
  };
  const offset = number('offset', 'Offset');
  if (fields.shape === 'samples') {
    const { samples, error } = parseSamples(fields.samples);
    if (error) errors[fieldId.input(name, 'samples')] = error;
    return { shape: 'samples', unit: fields.unit, amplitude: 1, offset, frequency_hz: 0, phase_deg: 0, samples };
  }
  const periodic = fields.shape !== 'dc' && fields.shape !== 'noise';
  const amplitude = fields.shape === 'dc' ? 0 : number('amplitude', 'Amplitude');
  if (amplitude < 0) errors[fieldId.input(name, 'amplitude')] = 'Amplitude cannot be negative.';
  const frequency = periodic ? number('frequency', 'Frequency') : 0;
  if (periodic && !(frequency > 0 && frequency <= LIMITS.maxFrequencyHz))
    errors[fieldId.input(name, 'frequency')] ??= 'Frequency must be above 0 Hz and at most 10 GHz.';
  const phase = periodic ? number('phase', 'Phase') : 0;
  return { shape: fields.shape, unit: fields.unit, amplitude, offset, frequency_hz: frequency, phase_deg: phase };
}

/** The request body, or the problems (by field id). */
export function stimulusRequest(fields: StimulusFields): { request?: StimulusSimulationRequest; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const duration = parseInteger(fields.durationCycles);
  if (!(Number.isInteger(duration) && duration >= 1 && duration <= LIMITS.maxCycles))
    errors[fieldId.durationCycles] =
      `Duration must be a whole number of clock cycles from 1 to ${LIMITS.maxCycles.toLocaleString('en')}.`;
  const cycleField = (text: string, id: string, what: string) => {
    const cycle = parseInteger(text);
    if (!(Number.isInteger(cycle) && cycle >= 0)) errors[id] = `${what} must be a whole number of cycles (0 or more).`;
    else if (Number.isInteger(duration) && cycle >= duration)
      errors[id] = `${what} must be before the end of the run (cycle ${duration}).`;
    return cycle;
  };

  const inputs: StimulusSimulationRequest['inputs'] = {};
  for (const name of INPUTS) {
    const input = checkInput(name, fields.inputs[name], errors);
    if (input) inputs[name] = input;
  }

  if (fields.controls.length > LIMITS.maxControls)
    errors['sim-controls'] = `At most ${LIMITS.maxControls} control changes.`;
  const controls = fields.controls.map((control, index) => {
    const register = parseInteger(control.register);
    if (!(Number.isInteger(register) && register >= 0 && register <= 15))
      errors[fieldId.control(index, 'register')] = 'Register must be 0 to 15.';
    const value = parseInteger(control.value);
    if (!(Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 32))
      errors[fieldId.control(index, 'value')] = 'Value must be a 32-bit integer (decimal or 0x hex).';
    const atCycle = cycleField(control.atCycle, fieldId.control(index, 'atCycle'), 'Change time');
    // Values from 2^31 up are the same 32 bits as their negative counterpart: send them signed.
    return { register, value: value >= 2 ** 31 ? value - 2 ** 32 : value, at_cycle: atCycle };
  });

  const resetCycles =
    fields.resetCycles.trim() === '' ? 0 : cycleField(fields.resetCycles, fieldId.resetCycles, 'Reset');
  const reset =
    resetCycles > 0
      ? [
          { at_cycle: 0, value: true },
          { at_cycle: resetCycles, value: false },
        ]
      : [];

  const triggers = fields.extTrig.split(/[,;\s]+/).filter(Boolean);
  if (triggers.length > LIMITS.maxTriggers) errors[fieldId.extTrig] = `At most ${LIMITS.maxTriggers} trigger pulses.`;
  const extTrig = triggers
    .map((text) => cycleField(text, fieldId.extTrig, 'Each trigger cycle'))
    .sort((a, b) => a - b)
    .flatMap((at) => [
      { at_cycle: at, value: true },
      { at_cycle: at + 1, value: false },
    ]);

  const { probes, error: probesError } = parseProbes(fields.probes);
  if (probesError) errors[fieldId.probes] = probesError;

  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    request: { kind: 'stimulus', duration_cycles: duration, inputs, controls, reset, ext_trig: extTrig, probes },
  };
}

/** A number of clock cycles as time at `clockHz`: "1000 cycles = 8 µs". */
export function cyclesAsTime(cycles: number, clockHz: number): string {
  const seconds = cycles / clockHz;
  const [scale, unit] =
    seconds >= 1 ? [1, 's'] : seconds >= 1e-3 ? [1e3, 'ms'] : seconds >= 1e-6 ? [1e6, 'µs'] : [1e9, 'ns'];
  return `${Number((seconds * scale).toPrecision(4))} ${unit}`;
}
