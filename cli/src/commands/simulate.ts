import { readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Command } from 'commander';
import type { Api } from '../api/client.js';
import { saveBounded } from '../artifacts/download.js';
import { editorLine, githubAnnotation, type SourceError } from '../build/error-lines.js';
import { readLogPages } from '../build/follow.js';
import { Interruption } from '../build/interruption.js';
import { inGitHubActions, LogPrinter } from '../build/log-printer.js';
import { inertText } from '../build/terminal-text.js';
import { contextOf } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import type { Output } from '../output.js';
import { resolveProject } from '../projects.js';
import { formatBytes, shortId } from '../table.js';
import { pollInterval } from './build.js';
import type { Simulation, SimulationStart } from '@cloud-compile/shared/api-types';

/** A stimulus file is a startSimulation body: its lists are bounded by the API (256 changes, 65,536 samples each). */
const MAX_STIMULUS_BYTES = 4 * 1024 * 1024;
/** The most a --vcd download may write (the server bounds its dumps far below this). */
const MAX_VCD_BYTES = 1024 * 1024 * 1024;

export interface SimulateOptions {
  project: string;
  testbench?: string;
  stimulus?: string;
  stopTimeNs?: string;
  cycles?: string;
  wait?: boolean;
  vcd?: string;
  pollInterval: string;
  sourceRoot?: string;
}

const usage = (message: string) => new CliError(message, EXIT.usage);

function wholeNumber(name: string, value: string, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max)
    throw usage(`${name} must be a whole number from 1 to ${max} (got ${JSON.stringify(value)})`);
  return n;
}

/** The startSimulation body the options describe: a testbench run, or the stimulus file's run (its cycles from --cycles when given). */
export async function simulationRequest(options: SimulateOptions): Promise<SimulationStart> {
  if (!options.testbench === !options.stimulus) throw usage('give either --testbench FILE or --stimulus FILE.json');
  if (options.testbench) {
    if (options.cycles !== undefined)
      throw usage('--cycles is for --stimulus runs (a testbench runs to its end or --stop-time-ns)');
    const request: SimulationStart = { kind: 'testbench', testbench: options.testbench };
    if (options.stopTimeNs !== undefined)
      request.stop_time_ns = wholeNumber('--stop-time-ns', options.stopTimeNs, 1e12);
    return request;
  }
  if (options.stopTimeNs !== undefined)
    throw usage('--stop-time-ns is for --testbench runs (a stimulus run lasts --cycles)');
  const file = options.stimulus!;
  let body: unknown;
  try {
    if ((await stat(file)).size > MAX_STIMULUS_BYTES)
      throw usage(`${file}: larger than ${formatBytes(MAX_STIMULUS_BYTES)}`);
    body = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw usage(`${file}: not a readable JSON file (${(error as Error).message})`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw usage(`${file}: must hold a JSON object (a startSimulation body)`);
  const request = { kind: 'stimulus', ...body } as SimulationStart;
  if (request.kind !== 'stimulus')
    throw usage(`${file}: its "kind" must be "stimulus" (a testbench run takes --testbench)`);
  if (options.cycles !== undefined) request.duration_cycles = wholeNumber('--cycles', options.cycles, 1_000_000);
  if (request.duration_cycles === undefined) throw usage(`${file} has no "duration_cycles": give --cycles N`);
  return request;
}

const statusLine = (run: Simulation) => `Simulation ${shortId(run.id)} ${run.status}`;

/** Follows a run to its end: its log lines through `printer`, its status to the status line. Nothing when a signal stopped it. */
async function followRun(
  api: Api,
  out: Output,
  printer: LogPrinter,
  run: Simulation,
  intervalMs: number,
  signal: AbortSignal,
): Promise<Simulation | undefined> {
  try {
    await readLogPages(
      async (offset, limit, pageSignal) =>
        (await api.getSimulationLog({ simulation_id: run.id, offset, limit }, null, { signal: pageSignal })).data,
      {
        follow: true,
        intervalMs,
        signal,
        onLines: (lines) => printer.print(lines),
        afterPage: async () =>
          out.status(statusLine((await api.simulationDetails({ simulation_id: run.id }, null, { signal })).data)),
      },
    );
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  }
  const { data: final } = await api.simulationDetails({ simulation_id: run.id });
  return final;
}

async function cancelInterrupted(api: Api, out: Output, run: Simulation, interruption: Interruption): Promise<never> {
  const id = shortId(run.id);
  out.clearStatus();
  out.note(`cloud-compile: ${interruption.by === 'SIGTERM' ? 'SIGTERM' : 'Ctrl+C'}: cancelling simulation ${id}…`);
  let cancelled: Simulation;
  try {
    cancelled = (await api.cancelSimulation({ simulation_id: run.id })).data;
  } catch (error) {
    throw new CliError(`could not cancel simulation ${id}: ${(error as Error).message}`, interruption.exitCode);
  }
  out.data(cancelled);
  throw new CliError(`simulation ${id} cancelled`, interruption.exitCode);
}

async function saveVcd(api: Api, out: Output, run: Simulation, target: string): Promise<void> {
  const response = await api.downloadWaveform({ simulation_id: run.id }, null, { responseType: 'stream' });
  const size = await saveBounded(response.data as unknown as Readable, target, MAX_VCD_BYTES);
  out.line(`saved ${target} (${formatBytes(size)})`);
}

/**
 * The end of `simulate --wait`: the outcome, the VCD when asked for, and for a failed run its failure
 * as a `file:line: error:` line (GitHub Actions: an annotation too), exit 1.
 */
async function report(
  api: Api,
  out: Output,
  printer: LogPrinter,
  run: Simulation,
  options: SimulateOptions,
): Promise<void> {
  out.data(run);
  out.finalStatus(statusLine(run));
  if (options.vcd && run.status !== 'cancelled') {
    try {
      await saveVcd(api, out, run, options.vcd);
    } catch (error) {
      // A run that failed before its design ran (it did not compile) has no waveform: its failure is the news.
      if (run.status === 'passed') throw error;
      out.note(`cloud-compile: no waveform saved: ${(error as Error).message}`);
    }
  }
  if (run.status === 'passed') return;
  const failure = run.failure;
  if (run.status === 'failed' && failure?.file && failure.line) {
    const root = options.sourceRoot?.replace(/[\\/]+$/, '');
    const error: SourceError = {
      file: root ? `${root}/${failure.file}` : failure.file,
      line: failure.line,
      message: failure.message,
    };
    printer.print([editorLine(error)]);
    printer.end();
    if (inGitHubActions()) out.logLines([githubAnnotation(error)]);
  }
  const reason = failure ? `: ${inertText(failure.message)}` : '';
  throw new CliError(
    `simulation ${shortId(run.id)} ${run.status === 'failed' ? 'failed' : `was ${run.status}`}${reason}`,
    EXIT.failed,
  );
}

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description(
      'start a simulation of a project (its testbench, or a stimulus file); with --wait, follow it to the end',
    )
    .requiredOption('-p, --project <name|id>', 'the project to simulate')
    .option('-t, --testbench <file>', "the project's testbench file (*_tb.vhd, *_tb.v, *_tb.sv) to run")
    .option('--stop-time-ns <n>', 'testbench runs: stop at this simulated time')
    .option(
      '-s, --stimulus <file.json>',
      'a JSON startSimulation body (inputs, controls, reset, ext_trig, probes) for the top-level design',
    )
    .option('--cycles <n>', "stimulus runs: clock cycles to simulate (overrides the file's duration_cycles)")
    .option('-w, --wait', 'stream the log until the run ends; exit 0 when it passed, 1 when it failed')
    .option('--vcd <file>', 'with --wait: save the waveform as VCD here')
    .option('--poll-interval <ms>', 'how often to ask for new log lines', '1000')
    .option(
      '--source-root <dir>',
      'put this folder in front of the file name in the failure line (the folder you pushed)',
    )
    .addHelpText(
      'after',
      '\nA failed run prints its failure as a "file:line: error: message" line (GitHub Actions: an annotation too).\n' +
        'Ctrl+C while waiting cancels the run and exits 130.\n\nExamples:\n  cloud-compile simulate --project Counter --testbench counter_tb.vhd --wait --vcd counter.vcd\n  cloud-compile simulate --project Counter --stimulus stimulus.json --cycles 2000 --wait',
    )
    .action(async (options: SimulateOptions, command: Command) => {
      const intervalMs = pollInterval(options.pollInterval);
      if (options.vcd && !options.wait) throw usage('--vcd needs --wait (the waveform is there once the run ends)');
      const request = await simulationRequest(options);
      const { api, out, baseUrl } = contextOf(command);
      // While waiting, Ctrl+C cancels the run; it is caught from the start so a run being started is not left behind.
      const interruption = options.wait ? new Interruption() : undefined;
      const printer = new LogPrinter(out);
      try {
        const project = await resolveProject(api, options.project);
        if (interruption?.by) throw new CliError('interrupted before the simulation started', interruption.exitCode);
        const { data: run } = await api.startSimulation({ project_id: project.id }, request);
        out.note(
          `Started simulation ${shortId(run.id)} of ${project.name}: ${baseUrl}/#/projects/${project.id}/simulations/${run.id}`,
        );
        if (!interruption) {
          out.data(run);
          out.line(run.id);
          return;
        }
        const final = interruption.by
          ? undefined
          : await followRun(api, out, printer, run, intervalMs, interruption.signal);
        if (!final) {
          printer.end();
          return await cancelInterrupted(api, out, run, interruption);
        }
        await report(api, out, printer, final, options);
      } finally {
        printer.end();
        interruption?.dispose();
      }
    });
}
