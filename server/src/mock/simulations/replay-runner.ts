import type { SimulationJob, SimulationOutcome, SimulationOutput, SimulationRunner } from './simulation-runner.js';
import { allInputCodes, byCycle, controlWord, stimulusCsv, voltsPerLsb } from './stimulus.js';
import { risingEdgePs, STIMULUS_TB_NAME } from './stimulus-testbench.js';
import { INPUT_NAMES, type StimulusPlan } from './simulation-types.js';

export const REPLAY_NOTE =
  'MOCK_BUILDS=simulated: the design was not run (no HDL tools here); the waveform holds the stimulus alone';
export const REPLAY_TESTBENCH_REFUSED =
  'Testbench simulations need the real tools (GHDL, Icarus Verilog): this gateway runs with MOCK_BUILDS=simulated';

/** Bits of `value` as a VCD vector of `width` bits (two's complement). */
const bits = (value: number, width: number) => BigInt.asUintN(width, BigInt(value)).toString(2);

/** Clock cycles per piece of the replayed dump. */
const CYCLES_PER_PIECE = 10_000;

/** The stimulus as the generated testbench would drive it, as a VCD in pieces (1 ps resolution, tb scope). */
export function* stimulusVcd(plan: StimulusPlan, clockHz: number, hardware: string): Generator<string> {
  const periodPs = Math.round(1e12 / clockHz);
  const codes = allInputCodes(plan, clockHz, hardware);
  const header = ['$timescale 1ps $end', `$scope module ${STIMULUS_TB_NAME} $end`, '$var wire 1 c Clk $end'];
  INPUT_NAMES.forEach((name, index) => header.push(`$var wire 16 i${index} Input${name} [15:0] $end`));
  header.push('$var wire 1 r Reset $end', '$var wire 1 t ExtTrig $end');
  const registers = [...new Set(plan.controls.map((c) => c.register))].sort((a, b) => a - b);
  for (const register of registers) header.push(`$var wire 32 k${register} Control${register} [31:0] $end`);
  header.push('$upscope $end', '$enddefinitions $end');
  let lines = [...header];
  const controls = byCycle(plan.controls);
  const reset = byCycle(plan.reset);
  const extTrig = byCycle(plan.extTrig);
  for (let cycle = 0; cycle < plan.durationCycles; cycle++) {
    // The generated testbench's timing (stimulus-testbench.ts): samples at k·P, the clock rising half a period later.
    lines.push(`#${cycle * periodPs}`, '0c');
    if (cycle === 0) {
      lines.push('0r', '0t', ...registers.map((register) => `b0 k${register}`));
    }
    INPUT_NAMES.forEach((name, index) => {
      if (cycle === 0 || codes[name][cycle] !== codes[name][cycle - 1])
        lines.push(`b${bits(codes[name][cycle]!, 16)} i${index}`);
    });
    for (const change of controls)
      if (change.at_cycle === cycle) lines.push(`b${bits(controlWord(change.value), 32)} k${change.register}`);
    for (const change of reset) if (change.at_cycle === cycle) lines.push(`${change.value ? 1 : 0}r`);
    for (const change of extTrig) if (change.at_cycle === cycle) lines.push(`${change.value ? 1 : 0}t`);
    lines.push(`#${risingEdgePs(cycle, periodPs)}`, '1c');
    if (cycle % CYCLES_PER_PIECE === CYCLES_PER_PIECE - 1) {
      yield lines.join('\n') + '\n';
      lines = [];
    }
  }
  lines.push(`#${plan.durationCycles * periodPs}`);
  yield lines.join('\n') + '\n';
}

/** Records the stimulus without running the design (no HDL tools on this gateway). */
export class ReplayRunner implements SimulationRunner {
  readonly kind = 'replay';

  async run(job: SimulationJob, output: SimulationOutput): Promise<SimulationOutcome> {
    if (job.plan.kind === 'testbench') return { status: 'failed', failure: { message: REPLAY_TESTBENCH_REFUSED } };
    const plan = job.plan;
    output.log([REPLAY_NOTE]);
    const volts = voltsPerLsb(job.config.hardware);
    output.describeSignals((signal) =>
      /^Input[A-D]/.test(signal.name) ? { ...signal, signed: true, volts_per_lsb: volts } : signal,
    );
    await output.stimulusCsv(stimulusCsv(allInputCodes(plan, job.clockHz, job.config.hardware), plan.durationCycles));
    for (const piece of stimulusVcd(plan, job.clockHz, job.config.hardware)) {
      if (!(await output.vcd(piece))) return { status: 'failed', failure: { message: output.vcdLimitMessage() } };
      // Other requests between pieces: with the in-memory store every await above resolves at once, so a
      // million-cycle run would otherwise hold the gateway's event loop for its whole recording (a minute).
      await new Promise((resolve) => setImmediate(resolve));
    }
    output.log([`Recorded ${plan.durationCycles} clock cycles at ${job.clockHz / 1e6} MHz`]);
    return { status: 'passed' };
  }
}
