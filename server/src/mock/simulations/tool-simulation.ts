import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BuildBudget,
  diagnosticText,
  parseToolLine,
  type PathMapper,
  runTool,
  type ToolEnd,
  toolEndMessages,
  toolEnvironment,
  type ToolRun,
  type ToolSandbox,
  wroteTooMuch,
} from '../builds/index.js';
import type { SimulationOutcome, SimulationOutput } from './simulation-runner.js';
import { simulationEnd, simulatorLine } from './simulation-output-lines.js';
import type { SimulationFailure } from './simulation-types.js';

/** How often the growing dump is read while the simulator runs. */
const VCD_POLL_MS = 100;
/** Most bytes of the dump read at once. */
const VCD_READ_BYTES = 1024 * 1024;

export interface ToolLimits {
  timeLimitMs: number;
  outputLimitBytes: number;
  outputLimitLines: number;
}

class Stopped extends Error {
  constructor(readonly outcome: SimulationOutcome) {
    super('stopped');
  }
}

/**
 * One simulation's tool runs in its folder (src/ holds the project's files, the generated testbench
 * and the samples; the simulator writes src/wave.vcd): each tool's lines go to the log with the
 * project's file names, a compile error or a failed assertion becomes the run's failure with its
 * file:line, and the dump is read as it grows — at the waveform's size limit the simulator is
 * stopped. Every tool shares one budget of time and output (the builds' limits).
 */
export class ToolSimulation {
  private current: ToolRun | null = null;
  private failure: SimulationFailure | null = null;
  private readonly budget: BuildBudget;
  readonly src: string;

  constructor(
    readonly dir: string,
    private readonly files: readonly { name: string }[],
    private readonly output: SimulationOutput,
    private readonly sandbox: ToolSandbox,
    private readonly limits: ToolLimits,
    private readonly signal: AbortSignal,
  ) {
    this.src = path.join(dir, 'src');
    this.budget = new BuildBudget(limits.timeLimitMs, limits.outputLimitBytes, limits.outputLimitLines);
    signal.addEventListener('abort', () => this.current?.cancel(), { once: true });
  }

  private isProjectFile = (name: string) => this.files.some((file) => file.name === name.replace(/^\.\//, ''));

  private readonly mapPath: PathMapper = (raw) => {
    const name = raw.replace(/^\.\//, '');
    if (this.isProjectFile(name)) return { file: name, origin: 'user' };
    const platform = /(?:^|\/)platform\/(.+)$/.exec(name);
    return platform ? { file: `platform/${platform[1]}`, origin: 'platform' } : null;
  };

  log(...lines: string[]) {
    this.output.log(lines);
  }

  /** Runs a compile step: its errors are the design's, the first one is the failure. */
  async compile(label: string, command: string, args: string[]): Promise<void> {
    this.log(`$ ${label} ${args.filter((arg) => !arg.startsWith('--workdir')).join(' ')}`);
    const end = await this.run(command, args, (line) => {
      const parsed = parseToolLine(line, this.mapPath);
      if (parsed.diagnostic?.severity === 'error' && parsed.diagnostic.origin === 'user')
        this.failure ??= {
          message: parsed.diagnostic.message,
          file: parsed.diagnostic.file,
          line: parsed.diagnostic.line,
        };
      if (parsed.diagnostic) this.log(diagnosticText(parsed.diagnostic));
      else if (parsed.text !== null) this.log(parsed.text);
    });
    this.checkEnd(label, end, 'did not compile');
  }

  /** Runs the simulator, reading its dump as it grows; resolves with the run's outcome. */
  async simulate(label: string, command: string, args: string[]): Promise<SimulationOutcome> {
    this.log(`$ ${label} ${args.join(' ')}`);
    const vcdFile = path.join(this.src, 'wave.vcd');
    let reading = true;
    let overLimit = false;
    const decoder = new TextDecoder('utf-8');
    let offset = 0;
    const readMore = async (): Promise<void> => {
      const size = await stat(vcdFile).then(
        (s) => s.size,
        () => 0,
      );
      if (size <= offset) return;
      const handle = await open(vcdFile, 'r');
      try {
        // A cancelled run's rest of the dump is of no use: its data is about to be forgotten.
        while (offset < size && !overLimit && !this.signal.aborted) {
          const buffer = Buffer.alloc(Math.min(VCD_READ_BYTES, size - offset));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
          if (bytesRead === 0) break;
          offset += bytesRead;
          if (!(await this.output.vcd(decoder.decode(buffer.subarray(0, bytesRead), { stream: true })))) {
            overLimit = true;
            this.current?.cancel();
          }
        }
      } finally {
        await handle.close();
      }
    };
    const watcher = (async () => {
      while (reading && !overLimit) {
        await readMore();
        await sleep(VCD_POLL_MS);
      }
    })();
    const end = await this.run(command, args, (line) => {
      const ended = simulationEnd(line);
      if (ended !== null) this.output.endsAt(ended);
      const parsed = simulatorLine(line, this.isProjectFile);
      if (parsed.failure) this.failure ??= parsed.failure;
      this.log(parsed.text);
    });
    reading = false;
    await watcher;
    if (!overLimit && !this.signal.aborted) await readMore();
    if (this.signal.aborted) throw new Stopped({ status: 'failed', failure: { message: 'cancelled' } });
    if (overLimit || (wroteTooMuch(end) && offset > 0)) {
      const message = this.output.vcdLimitMessage();
      this.log(`ERROR: ${message}`);
      return { status: 'failed', failure: { message } };
    }
    if (this.failure) return { status: 'failed', failure: this.failure };
    this.checkEnd(label, end, 'stopped');
    return { status: 'passed' };
  }

  /** A tool that ended at a limit, or with an error: the run stops with the reason. */
  private checkEnd(label: string, end: ToolEnd, what: string) {
    if (this.signal.aborted) throw new Stopped({ status: 'failed', failure: { message: 'cancelled' } });
    const problems = toolEndMessages(label, end, {
      ...this.limits,
      fileSizeLimitBytes: this.sandbox.fileSizeLimitBytes,
    });
    this.log(...problems);
    if (end.reason === 'time-limit') {
      throw new Stopped({
        status: 'failed',
        failure: {
          message: `The time limit was reached: the simulation was stopped after ${Math.round(this.limits.timeLimitMs / 1000)} s. Simulate less time (stop_time_ns, duration_cycles), or end the testbench with std.env.finish / $finish`,
        },
      });
    }
    if (problems.length)
      throw new Stopped({ status: 'failed', failure: { message: problems[0]!.replace(/^ERROR: /, '') } });
    if (this.failure) throw new Stopped({ status: 'failed', failure: this.failure });
    if (end.reason !== 'exit' || end.code !== 0) {
      const how = end.reason === 'exit' ? `exit code ${end.code}` : end.reason === 'signal' ? end.signal : end.reason;
      throw new Stopped({ status: 'failed', failure: { message: `${label} ${what} (${how}): see the log` } });
    }
  }

  private async run(command: string, args: string[], onLine: (line: string) => void): Promise<ToolEnd> {
    if (this.signal.aborted) throw new Stopped({ status: 'failed', failure: { message: 'cancelled' } });
    const run = runTool({
      command,
      args,
      cwd: this.src,
      env: toolEnvironment(this.dir),
      budget: this.budget,
      sandbox: this.sandbox,
      buildDir: this.dir,
      onLine: (raw) => onLine(raw.replaceAll(`${this.dir}/`, '')),
    });
    this.current = run;
    const end = await run.done;
    this.current = null;
    return end;
  }

  /** Runs the steps; a step that stopped the run gives its outcome. */
  static async outcomeOf(steps: () => Promise<SimulationOutcome>): Promise<SimulationOutcome> {
    try {
      return await steps();
    } catch (error) {
      if (error instanceof Stopped) return error.outcome;
      throw error;
    }
  }
}
