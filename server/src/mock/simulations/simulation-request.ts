import { probeNameProblem } from '@cloud-compile/shared';
import { ApiValidationError, type ValidationIssue } from '../../errors.js';
import {
  INPUT_NAMES,
  type ControlChange,
  type PinChange,
  type SimulationPlan,
  type Stimulus,
  type StimulusPlan,
} from './simulation-types.js';

/** The fields only one kind of run takes. */
const STIMULUS_ONLY = ['duration_cycles', 'inputs', 'controls', 'reset', 'ext_trig', 'probes'] as const;
const TESTBENCH_ONLY = ['testbench', 'stop_time_ns'] as const;
export const DEFAULT_STOP_TIME_NS = 1_000_000;

type Body = Record<string, unknown>;

const issue = (field: string, msg: string): ValidationIssue => ({ loc: ['body', field], msg, type: 'value_error' });

function stimulusOf(raw: Record<string, unknown>): Stimulus {
  return {
    shape: raw.shape as Stimulus['shape'],
    unit: (raw.unit as Stimulus['unit'] | undefined) ?? 'volts',
    amplitude: (raw.amplitude as number | undefined) ?? 0,
    offset: (raw.offset as number | undefined) ?? 0,
    frequency_hz: (raw.frequency_hz as number | undefined) ?? 0,
    phase_deg: (raw.phase_deg as number | undefined) ?? 0,
    samples: (raw.samples as number[] | undefined) ?? [],
  };
}

/**
 * A SimulationStart body (already valid against the contract's schema) as a plan, with defaults
 * filled in; what the schema cannot say (which fields go with which kind, changes within the run)
 * is a 422 in FastAPI's shape.
 */
export function simulationPlan(body: Body): SimulationPlan {
  const issues: ValidationIssue[] = [];
  const kind = body.kind as SimulationPlan['kind'];
  const foreign = kind === 'stimulus' ? TESTBENCH_ONLY : STIMULUS_ONLY;
  for (const field of foreign) {
    if (body[field] !== undefined) issues.push(issue(field, `A ${kind} simulation does not take ${field}`));
  }
  if (kind === 'testbench') {
    if (typeof body.testbench !== 'string')
      issues.push(issue('testbench', 'A testbench simulation needs testbench: the file to run'));
    if (issues.length) throw new ApiValidationError(issues);
    return {
      kind,
      testbench: body.testbench as string,
      stopTimeNs: (body.stop_time_ns as number | undefined) ?? DEFAULT_STOP_TIME_NS,
    };
  }
  const cycles = body.duration_cycles as number | undefined;
  if (cycles === undefined) issues.push(issue('duration_cycles', 'A stimulus simulation needs duration_cycles'));
  const within = (field: string, changes: { at_cycle?: number }[]) => {
    if (cycles !== undefined && changes.some((change) => (change.at_cycle ?? 0) >= cycles)) {
      issues.push(issue(field, `Every change must come before the end of the run (cycle ${cycles})`));
    }
  };
  const controls = ((body.controls as Partial<ControlChange>[] | undefined) ?? []).map((c) => ({
    register: c.register!,
    value: c.value!,
    at_cycle: c.at_cycle ?? 0,
  }));
  const pins = (field: 'reset' | 'ext_trig') =>
    ((body[field] as Partial<PinChange>[] | undefined) ?? []).map((p) => ({
      at_cycle: p.at_cycle ?? 0,
      value: p.value!,
    }));
  const reset = pins('reset');
  const extTrig = pins('ext_trig');
  within('controls', controls);
  within('reset', reset);
  within('ext_trig', extTrig);
  const probes = (body.probes as string[] | undefined) ?? [];
  for (const probe of probes) {
    const problem = probeNameProblem(probe);
    if (problem) issues.push(issue('probes', problem));
  }
  if (issues.length) throw new ApiValidationError(issues);
  const inputs: StimulusPlan['inputs'] = {};
  const rawInputs = (body.inputs as Record<string, Record<string, unknown>> | undefined) ?? {};
  for (const name of INPUT_NAMES) if (rawInputs[name]) inputs[name] = stimulusOf(rawInputs[name]);
  return { kind: 'stimulus', durationCycles: cycles!, inputs, controls, reset, extTrig, probes };
}
