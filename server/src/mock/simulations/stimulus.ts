import type { ControlChange, InputName, PinChange, Stimulus, StimulusPlan } from './simulation-types.js';
import { INPUT_NAMES } from './simulation-types.js';

/** The slot's analog inputs and outputs are signed 16-bit codes. */
export const CODE_MIN = -32768;
export const CODE_MAX = 32767;

/**
 * Volts per code of the slot's analog inputs and outputs by hardware id, so a stimulus in volts is the
 * code the ADC would deliver. From the vendor's "Input and output" page, table "Analog I/O Scaling"
 * (https://apis.liquidinstruments.com/mcc/docs/io.html; its source docs/mcc/io.md in
 * github.com/liquidinstruments/moku-examples at 93f55cf): LSBs per volt with no ADC attenuation and
 * no DAC gain — Delta 36440.0, Pro 29925.0, Lab 30000.0, Go 6550.4 for the ADC, a DAC into 50 Ω and
 * between instruments. A DAC into high impedance shows twice the volts on Delta, Pro and Lab (18220.5,
 * 14962.5, 15000.0); the traces show the 50 Ω figure. Another hardware id gets Lab's.
 */
const VOLTS_PER_LSB: Record<string, number> = {
  'mk-go': 1 / 6550.4,
  'mk-lab': 1 / 30000,
  'mk-pro': 1 / 29925,
  'mk-delta': 1 / 36440,
};

export const voltsPerLsb = (hardware: string) => VOLTS_PER_LSB[hardware] ?? VOLTS_PER_LSB['mk-lab']!;

export const saturate = (code: number) => Math.min(CODE_MAX, Math.max(CODE_MIN, Math.round(code)));

/** A small seeded generator (mulberry32): noise repeats from run to run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One input's code at each clock cycle: the waveform at t = cycle / clockHz, in volts or codes,
 * rounded and saturated to the 16-bit range as the ADC would.
 */
export function inputCodes(stimulus: Stimulus, cycles: number, clockHz: number, hardware: string): Int16Array {
  const scale = stimulus.unit === 'volts' ? 1 / voltsPerLsb(hardware) : 1;
  const codes = new Int16Array(cycles);
  const phase = stimulus.phase_deg / 360;
  const random = seeded(0x5eed + Math.round(stimulus.amplitude * 1000));
  for (let cycle = 0; cycle < cycles; cycle++) {
    const cyclesOfWave = (cycle / clockHz) * stimulus.frequency_hz + phase;
    const fraction = cyclesOfWave - Math.floor(cyclesOfWave);
    let value: number;
    switch (stimulus.shape) {
      case 'dc':
        value = stimulus.offset;
        break;
      case 'sine':
        value = stimulus.offset + stimulus.amplitude * Math.sin(2 * Math.PI * cyclesOfWave);
        break;
      case 'square':
        value = stimulus.offset + (fraction < 0.5 ? stimulus.amplitude : -stimulus.amplitude);
        break;
      case 'ramp':
        value = stimulus.offset + stimulus.amplitude * (2 * fraction - 1);
        break;
      case 'noise':
        value = stimulus.offset + stimulus.amplitude * (2 * random() - 1);
        break;
      case 'samples':
        value = stimulus.samples.length ? stimulus.offset + stimulus.samples[cycle % stimulus.samples.length]! : 0;
        break;
    }
    codes[cycle] = saturate(value * scale);
  }
  return codes;
}

/**
 * Every input's codes (an input left out holds 0), `samplesPerCycle` a clock cycle: the interlaced
 * interface's converters deliver several samples a cycle, so its inputs are sampled that much faster
 * (sample j of cycle k at t = (k + j / samplesPerCycle) / clockHz).
 */
export function allInputCodes(
  plan: StimulusPlan,
  clockHz: number,
  hardware: string,
  samplesPerCycle = 1,
): Record<InputName, Int16Array> {
  const codes = {} as Record<InputName, Int16Array>;
  const samples = plan.durationCycles * samplesPerCycle;
  for (const name of INPUT_NAMES) {
    const stimulus = plan.inputs[name];
    codes[name] = stimulus
      ? inputCodes(stimulus, samples, clockHz * samplesPerCycle, hardware)
      : new Int16Array(samples);
  }
  return codes;
}

/** A Control register value as the 32-bit word the design sees (negative values in two's complement). */
export const controlWord = (value: number) => value >>> 0;

/** The changes in cycle order (a stable sort: two at one cycle keep the request's order, the last wins). */
export const byCycle = <T extends ControlChange | PinChange>(changes: readonly T[]) =>
  [...changes].sort((a, b) => a.at_cycle - b.at_cycle);

/**
 * The stimulus as CSV: a row per cycle, the cycle then InputA–InputD in codes; with several samples a
 * cycle (interlaced), a row per sample, the cycle and the sample's index in it (0 the oldest) first.
 */
export function stimulusCsv(codes: Record<InputName, Int16Array>, cycles: number, samplesPerCycle = 1): string {
  const interlaced = samplesPerCycle > 1;
  const rows = [interlaced ? 'cycle,sample,InputA,InputB,InputC,InputD' : 'cycle,InputA,InputB,InputC,InputD'];
  for (let index = 0; index < cycles * samplesPerCycle; index++) {
    const cycle = Math.floor(index / samplesPerCycle);
    const where = interlaced ? `${cycle},${index % samplesPerCycle}` : `${cycle}`;
    rows.push(`${where},${codes.A[index]},${codes.B[index]},${codes.C[index]},${codes.D[index]}`);
  }
  return rows.join('\n') + '\n';
}
