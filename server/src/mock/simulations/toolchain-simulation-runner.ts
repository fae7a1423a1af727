import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  describeIsolation,
  fileKind,
  findBodyOnlyTop,
  findTopLevel,
  IP_CORES_VERILOG,
  makeBuildFolder,
  MOKU_LIBRARY,
  MOKU_LIBRARY_NAME,
  SLOT_PACKAGE,
  type ToolSandbox,
  ToolSlots,
  unsafeFileNames,
  stripVerilogComments,
  topLevelProblem,
  VHDL_PLATFORM,
  WrappedBody,
} from '../builds/index.js';
import type { SimulationJob, SimulationOutcome, SimulationOutput, SimulationRunner } from './simulation-runner.js';
import { allInputCodes, stimulusCsv, voltsPerLsb } from './stimulus.js';
import {
  INTERLACED_TARGET,
  type Interlacing,
  interlacingOf,
  STIMULUS_SAMPLES_FILE,
  STIMULUS_TARGETS,
  STIMULUS_TB_NAME,
  samplesFile,
  vhdlStimulusTestbench,
} from './stimulus-testbench.js';
import { verilogPortsOf, verilogStimulusTestbench } from './verilog-stimulus-testbench.js';
import { keepSignal, slotSignal } from './recorded-signals.js';
import { instantiatedIpCore, ipCoreNames, ipCoreRefusal } from './ip-core-models.js';
import { mixedLanguageRefusal } from './mixed-language.js';
import type { StimulusPlan, TestbenchPlan } from './simulation-types.js';
import { ToolSimulation, type ToolLimits } from './tool-simulation.js';

export interface ToolchainSimulationOptions {
  platformDir: string;
  ghdl: string;
  /** Icarus Verilog's compiler and runtime (iverilog, vvp), or null when not installed. */
  icarus: { iverilog: string; vvp: string } | null;
  sandbox: ToolSandbox;
  limits: ToolLimits;
  concurrency: number;
  tmpRoot?: string;
}

const STD = ['--std=08', '--workdir=.'];
/** Input samples a stimulus run may drive: the contract's most cycles (duration_cycles) at one sample a cycle. */
const MAX_STIMULUS_SAMPLES = 1_000_000;
const asPath = (name: string) => `./${name}`;
const fail = (message: string): SimulationOutcome => ({ status: 'failed', failure: { message } });

/** The entity (VHDL) or module (Verilog) a testbench file declares first. */
export function testbenchUnit(text: string, language: 'vhdl' | 'verilog'): string | null {
  const stripped =
    language === 'vhdl' ? text.replace(/--.*$/gm, '') : text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const match = (language === 'vhdl' ? /\bentity\s+(\w+)\s+is\b/i : /\bmodule\s+(\w+)/).exec(stripped);
  return match ? match[1]! : null;
}

/**
 * Simulations with the real tools in the build sandbox: GHDL (VHDL-2008, against the platform's
 * entities and the Moku library) or Icarus Verilog 11 (-g2012), a generated testbench for stimulus
 * runs and the project's own for testbench runs.
 */
export class ToolchainSimulationRunner implements SimulationRunner {
  readonly kind = 'toolchain';
  private readonly slots: ToolSlots;

  constructor(private readonly options: ToolchainSimulationOptions) {
    this.slots = new ToolSlots(options.concurrency);
  }

  async run(job: SimulationJob, output: SimulationOutput, signal: AbortSignal): Promise<SimulationOutcome> {
    const ticket = this.slots.acquire(
      (ahead) => ahead > 0 && output.log([`Waiting for a free simulator (${ahead} ahead)`]),
    );
    signal.addEventListener('abort', () => ticket.release(), { once: true });
    await ticket.ready;
    const dir = await makeBuildFolder(this.options.tmpRoot ?? os.tmpdir());
    try {
      const sim = new ToolSimulation(dir, job.files, output, this.options.sandbox, this.options.limits, signal);
      const { limits, sandbox } = this.options;
      output.log([
        `Simulation ${job.id} of a ${job.config.target} design, hardware ${job.config.hardware} (clock ${job.clockHz / 1e6} MHz)`,
        `Limits: ${Math.round(limits.timeLimitMs / 1000)} s, ${limits.outputLimitLines} lines of log, memory ${Math.round(sandbox.memoryLimitBytes / 1024 / 1024)} MiB per tool`,
        `Isolation: ${describeIsolation(sandbox.kind)}`,
      ]);
      const unsafe = unsafeFileNames(job.files.map((file) => file.name));
      if (unsafe.length) return fail(unsafe[0]!);
      const core = instantiatedIpCore(job.files, await this.ipCores());
      if (core) return fail(ipCoreRefusal(core));
      await mkdir(sim.src, { recursive: true });
      for (const file of job.files) await writeFile(path.join(sim.src, file.name), file.content);
      return await ToolSimulation.outcomeOf(() =>
        job.plan.kind === 'stimulus'
          ? this.stimulus(job, job.plan, sim, output)
          : this.testbench(job, job.plan, sim, output),
      );
    } finally {
      ticket.release();
      await rm(dir, { recursive: true, force: true });
    }
  }

  private ipCoreList: Promise<string[]> | null = null;

  /** The platform's IP core names, read once. */
  private ipCores(): Promise<string[]> {
    this.ipCoreList ??= readFile(path.join(this.options.platformDir, 'verilog', IP_CORES_VERILOG), 'utf8').then(
      ipCoreNames,
    );
    return this.ipCoreList;
  }

  private async platform(sim: ToolSimulation) {
    const platform = path.join(sim.dir, 'platform');
    await mkdir(path.join(platform, 'moku'), { recursive: true });
    for (const name of [...MOKU_LIBRARY, ...VHDL_PLATFORM])
      await writeFile(path.join(platform, name), await readFile(path.join(this.options.platformDir, 'vhdl', name)));
    await writeFile(
      path.join(platform, IP_CORES_VERILOG),
      await readFile(path.join(this.options.platformDir, 'verilog', IP_CORES_VERILOG)),
    );
  }

  /** GHDL: the Moku library and the platform's entities, then the project's files in dependency order (ghdl -m). */
  private async analyseVhdl(sim: ToolSimulation, files: string[], top: string) {
    const ghdl = this.options.ghdl;
    await sim.compile('ghdl', ghdl, [
      '-a',
      ...STD,
      `--work=${MOKU_LIBRARY_NAME}`,
      ...MOKU_LIBRARY.map((n) => `../platform/${n}`),
    ]);
    await sim.compile('ghdl', ghdl, ['-a', ...STD, ...VHDL_PLATFORM.map((n) => `../platform/${n}`)]);
    await sim.compile('ghdl', ghdl, ['-i', ...STD, ...files.map(asPath)]);
    await sim.compile('ghdl', ghdl, ['-m', ...STD, top]);
  }

  private icarus() {
    if (!this.options.icarus) throw new Error('Icarus Verilog is not installed: apt-get install iverilog');
    return this.options.icarus;
  }

  private async stimulus(job: SimulationJob, plan: StimulusPlan, sim: ToolSimulation, output: SimulationOutput) {
    const target = job.config.target;
    if (!(STIMULUS_TARGETS as readonly string[]).includes(target))
      return fail(
        `Stimulus simulations drive ${STIMULUS_TARGETS.join(', ')} designs; this project's target is ${target}`,
      );
    const top = findTopLevel(job.files, target) ?? findBodyOnlyTop(job.files, target);
    if (!top) return fail(topLevelProblem(job.files, target) ?? `No top-level design for ${target}`);
    const mixed = mixedLanguageRefusal(job.files, top.language);
    if (mixed) return fail(mixed);
    const interlacing = target === INTERLACED_TARGET ? await this.interlacing() : null;
    const perCycle = interlacing?.input ?? 1;
    // The stimulus (its CSV kept, its samples file written) grows with the samples, not the cycles.
    if (plan.durationCycles * perCycle > MAX_STIMULUS_SAMPLES)
      return fail(
        `A design of the interlaced interface takes ${perCycle} samples a cycle: simulate at most ${Math.floor(MAX_STIMULUS_SAMPLES / perCycle).toLocaleString('en')} cycles (${MAX_STIMULUS_SAMPLES.toLocaleString('en')} samples)`,
      );
    const periodPs = Math.round(1e12 / job.clockHz);
    const codes = allInputCodes(plan, job.clockHz, job.config.hardware, perCycle);
    await output.stimulusCsv(stimulusCsv(codes, plan.durationCycles, perCycle));
    await writeFile(path.join(sim.src, STIMULUS_SAMPLES_FILE), samplesFile(codes, plan.durationCycles * perCycle));
    const volts = voltsPerLsb(job.config.hardware);
    output.log([
      `Stimulus: ${plan.durationCycles} cycles of ${periodPs} ps${interlacing ? `, ${interlacing.input} samples a cycle in and ${interlacing.output} out` : ''}; generated testbench ${STIMULUS_TB_NAME}`,
    ]);
    const found = new Set<string>();
    output.describeSignals((signal) =>
      keepSignal(signal, STIMULUS_TB_NAME, plan.probes, found) ? slotSignal(signal, STIMULUS_TB_NAME, volts) : null,
    );
    let topText = job.files.find((file) => file.name === top.file)!.content;
    if (top.bodyOnly) {
      // The body in the module the platform declares, every line where the user wrote it (as a build reads it):
      // the vendor's header, the one Verilator is given, which Icarus reads as well.
      topText = new WrappedBody({ name: top.file, content: topText }, target).text('verilator')!;
      await writeFile(path.join(sim.src, top.file), topText);
    }
    const outcome = await this.simulateStimulus(job, plan, sim, top.language, periodPs, topText, interlacing);
    const missing = plan.probes.filter((probe) => !found.has(probe));
    if (outcome.status === 'passed' && missing.length)
      return fail(
        `No signal ${missing.join(', ')} in the design to probe (name a signal of the top-level design, or a dotted path below it)`,
      );
    return outcome;
  }

  private interlacingFactors: Promise<Interlacing> | null = null;

  /** The interlaced interface's samples per cycle, read once from the platform's package. */
  private interlacing(): Promise<Interlacing> {
    this.interlacingFactors ??= readFile(path.join(this.options.platformDir, 'vhdl', SLOT_PACKAGE), 'utf8').then(
      (text) => {
        const factors = interlacingOf(text);
        if (!factors) throw new Error(`${SLOT_PACKAGE} declares no interlacing factors`);
        return factors;
      },
    );
    return this.interlacingFactors;
  }

  private async simulateStimulus(
    job: SimulationJob,
    plan: StimulusPlan,
    sim: ToolSimulation,
    language: 'vhdl' | 'verilog',
    periodPs: number,
    topText: string,
    interlacing: Interlacing | null,
  ) {
    const target = job.config.target;
    if (language === 'vhdl') {
      await this.platform(sim);
      const tb = `${STIMULUS_TB_NAME}.vhd`;
      await writeFile(path.join(sim.src, tb), vhdlStimulusTestbench(plan, target, periodPs));
      const vhdl = job.files.filter((f) => fileKind(f.name) === 'vhdl').map((f) => f.name);
      await this.analyseVhdl(sim, [...vhdl, tb], STIMULUS_TB_NAME);
      return sim.simulate('ghdl', this.options.ghdl, [
        '-r',
        ...STD,
        STIMULUS_TB_NAME,
        '--vcd=wave.vcd',
        '--assert-level=error',
      ]);
    }
    const tb = `${STIMULUS_TB_NAME}.sv`;
    const ports = verilogPortsOf(stripVerilogComments(topText), interlacing);
    await writeFile(path.join(sim.src, tb), verilogStimulusTestbench(plan, target, periodPs, ports));
    return this.runIcarus(job, sim, [tb], [STIMULUS_TB_NAME]);
  }

  private async runIcarus(job: SimulationJob, sim: ToolSimulation, extra: string[], roots: string[]) {
    const { iverilog, vvp } = this.icarus();
    await this.platform(sim);
    const verilog = job.files.filter((f) => fileKind(f.name) === 'verilog').map((f) => asPath(f.name));
    const args = [
      '-g2012',
      '-o',
      'sim.vvp',
      ...roots.flatMap((root) => ['-s', root]),
      ...extra.map(asPath),
      ...verilog,
      `../platform/${IP_CORES_VERILOG}`,
    ];
    await sim.compile('iverilog', iverilog, args);
    return sim.simulate('vvp', vvp, ['-n', 'sim.vvp']);
  }

  private async testbench(job: SimulationJob, plan: TestbenchPlan, sim: ToolSimulation, output: SimulationOutput) {
    const file = job.files.find((f) => f.name === plan.testbench)!;
    const language = fileKind(file.name) === 'vhdl' ? 'vhdl' : fileKind(file.name) === 'verilog' ? 'verilog' : null;
    if (!language) return fail(`${file.name} is not a VHDL or Verilog file`);
    const unit = testbenchUnit(file.content, language);
    if (!unit) return fail(`${file.name} declares no ${language === 'vhdl' ? 'entity' : 'module'} to run`);
    const mixed = mixedLanguageRefusal(job.files, language);
    if (mixed) return fail(mixed);
    output.describeSignals((signal) => signal);
    output.log([`Testbench ${unit} (${file.name}), stopped at ${plan.stopTimeNs} ns`]);
    if (language === 'vhdl') {
      await this.platform(sim);
      const vhdl = job.files.filter((f) => fileKind(f.name) === 'vhdl').map((f) => f.name);
      await this.analyseVhdl(sim, vhdl, unit);
      return sim.simulate('ghdl', this.options.ghdl, [
        '-r',
        ...STD,
        unit,
        '--vcd=wave.vcd',
        `--stop-time=${plan.stopTimeNs}ns`,
        '--assert-level=error',
      ]);
    }
    // A second root ends the run at the stop time and dumps the testbench's signals.
    const stopper = 'cc_simulation_stop';
    await writeFile(
      path.join(sim.src, `${stopper}.v`),
      `\`timescale 1ns/1ps\nmodule ${stopper};\n  initial begin\n    $dumpfile("wave.vcd");\n    $dumpvars(0, ${unit});\n    #${plan.stopTimeNs} $finish;\n  end\nendmodule\n`,
    );
    return this.runIcarus(job, sim, [`${stopper}.v`], [unit, stopper]);
  }
}
