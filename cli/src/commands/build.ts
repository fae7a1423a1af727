import { appendFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Api } from '../api/client.js';
import { BUILD_ARGUMENT, PROJECT_OPTION } from '../build/build-argument.js';
import { diagnosticErrors, editorLine, githubAnnotation, sourceErrors } from '../build/error-lines.js';
import { findBuild } from '../build/find-build.js';
import { readLog } from '../build/follow.js';
import { inGitHubActions, LogPrinter } from '../build/log-printer.js';
import { inertText } from '../build/terminal-text.js';
import { Interruption } from '../build/interruption.js';
import { progressLine } from '../build/progress.js';
import { contextOf } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import type { Output } from '../output.js';
import { resolveProject } from '../projects.js';
import { formatBytes, shortId } from '../table.js';
import type { Build } from '@cloud-compile/shared/api-types';

/** How many of a log's error lines are kept for the `file:line` summary. */
const MAX_ERROR_LINES = 1000;

interface BuildOptions {
  project: string;
  wait?: boolean;
  pollInterval: string;
  sourceRoot?: string;
}

/** In a GitHub Actions step, `build-id` and `build-status` become step outputs (for the artifacts step). */
function stepOutput(name: string, value: string): void {
  const file = process.env.GITHUB_OUTPUT;
  if (inGitHubActions() && file) appendFileSync(file, `${name}=${value}\n`);
}

export function pollInterval(value: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 50 || ms > 60_000) {
    throw new CliError(
      `--poll-interval must be a whole number of milliseconds from 50 to 60000 (got ${JSON.stringify(value)})`,
      EXIT.usage,
    );
  }
  return ms;
}

/**
 * Follows a queued build to its end: the log streams to stdout (through `printer`: no line of it can
 * act on the terminal or the CI), the stage to the status line. Returns the finished build and the
 * log's error lines, or nothing when a signal stopped the following.
 */
async function followBuild(
  api: Api,
  out: Output,
  printer: LogPrinter,
  build: Build,
  intervalMs: number,
  signal: AbortSignal,
): Promise<{ build: Build; errorLines: string[] } | undefined> {
  // Only lines that may be errors are kept, and at most MAX_ERROR_LINES: memory stays bounded for logs of millions of lines.
  const errorLines: string[] = [];
  try {
    await readLog(api, build.id, {
      follow: true,
      intervalMs,
      signal,
      onLines: (lines) => {
        printer.print(lines);
        for (const line of lines)
          if (errorLines.length < MAX_ERROR_LINES && /error|fatal/i.test(line)) errorLines.push(line);
      },
      onBuild: (current) => out.status(progressLine(current), progressLine(current, null)),
    });
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  }
  const { data: final } = await api.buildDetails({ build_id: build.id });
  return { build: final, errorLines };
}

/** After Ctrl+C or SIGTERM: cancels the build, then exits 130 (143). */
async function cancelInterrupted(api: Api, out: Output, build: Build, interruption: Interruption): Promise<never> {
  const id = shortId(build.id);
  out.clearStatus();
  out.note(`cloud-compile: ${interruption.by === 'SIGTERM' ? 'SIGTERM' : 'Ctrl+C'}: cancelling build ${id}…`);
  let cancelled: Build;
  try {
    cancelled = (await api.cancelBuild({ build_id: build.id })).data;
  } catch (error) {
    throw new CliError(`could not cancel build ${id}: ${(error as Error).message}`, interruption.exitCode);
  }
  out.data(cancelled);
  throw new CliError(`build ${id} cancelled`, interruption.exitCode);
}

/**
 * The end of `build --wait`: the last progress line, the step outputs, and for a failed build its
 * errors as `file:line: error:` lines and (GitHub Actions) annotations. The errors come from the
 * build's structured diagnostics; only where the API reports none are they read from the log, and
 * then no annotation is made of them (a log line is the design's text, an annotation the CI's).
 */
function report(
  out: Output,
  printer: LogPrinter,
  build: Build,
  errorLines: string[],
  sourceRoot: string | undefined,
): void {
  out.data(build);
  out.finalStatus(progressLine(build));
  stepOutput('build-status', build.status);
  if (build.status === 'succeeded') {
    const artifacts = build.artifacts.map((a) => `${a.name} (${formatBytes(a.size)})`).join(', ');
    out.note(`Artifacts: ${artifacts || 'none'}  (cloud-compile artifacts ${build.id} --out DIR)`);
    return;
  }
  if (build.status === 'failed') {
    const errors = build.diagnostics
      ? diagnosticErrors(build.diagnostics, sourceRoot)
      : sourceErrors(errorLines, sourceRoot);
    // Editors and CI problem matchers read these from the output (still inside the log's stop-commands block).
    printer.print(errors.map(editorLine));
    printer.end();
    if (inGitHubActions() && build.diagnostics) out.logLines(errors.map(githubAnnotation));
    const reason = build.error ? `: ${inertText(build.error)}` : '';
    throw new CliError(`build ${shortId(build.id)} failed${reason}`, EXIT.failed);
  }
  throw new CliError(`build ${shortId(build.id)} was ${build.status}`, EXIT.failed);
}

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('queue a build of a project; with --wait, follow it to the end')
    .requiredOption('-p, --project <name|id>', 'the project to build')
    .option('-w, --wait', 'stream the log with stage progress until the build ends; exit 0 on success, 1 on failure')
    .option('--poll-interval <ms>', 'how often to ask for new log lines', '1000')
    .option('--source-root <dir>', 'put this folder in front of file names in error lines (the folder you pushed)')
    .addHelpText(
      'after',
      '\nA failed build prints its errors as "file:line: error: message" lines (GitHub Actions: annotations too).\n' +
        'Ctrl+C while waiting cancels the build and exits 130.\n\nExamples:\n  cloud-compile build --project Adder\n  cloud-compile build --project Adder --wait --source-root hdl',
    )
    .action(async (options: BuildOptions, command: Command) => {
      const intervalMs = pollInterval(options.pollInterval);
      const { api, out, baseUrl } = contextOf(command);
      // While waiting, Ctrl+C cancels the build; it is caught from the start so a build being queued is not left behind.
      const interruption = options.wait ? new Interruption() : undefined;
      const printer = new LogPrinter(out);
      try {
        const project = await resolveProject(api, options.project);
        if (interruption?.by) throw new CliError('interrupted before the build was queued', interruption.exitCode);
        const { data: build } = await api.newProjectBuild({ project_id: project.id });
        stepOutput('build-id', build.id);
        out.note(`Queued build ${shortId(build.id)} of ${project.name}: ${baseUrl}/#/builds/${project.id}/${build.id}`);
        if (!interruption) {
          out.data(build);
          out.line(build.id);
          return;
        }
        const result = interruption.by
          ? undefined
          : await followBuild(api, out, printer, build, intervalMs, interruption.signal);
        if (!result) {
          printer.end();
          return await cancelInterrupted(api, out, build, interruption);
        }
        report(out, printer, result.build, result.errorLines, options.sourceRoot);
      } finally {
        printer.end();
        interruption?.dispose();
      }
    });

  program
    .command('cancel')
    .description('cancel a queued or running build')
    .argument('<build>', BUILD_ARGUMENT)
    .option(...PROJECT_OPTION)
    .addHelpText(
      'after',
      '\nExamples:\n  cloud-compile cancel e3c702b\n  cloud-compile cancel 6f1c2d9e8a7b6c5d4e3f2a1b',
    )
    .action(async (text: string, options: { project?: string }, command: Command) => {
      const { api, out } = contextOf(command);
      const found = await findBuild(api, text, options.project);
      const { data: build } = await api.cancelBuild({ build_id: found.id });
      out.data(build);
      out.line(`Cancelled build ${shortId(build.id)} of ${build.project_name}`);
    });
}
