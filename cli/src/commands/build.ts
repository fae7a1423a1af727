import { appendFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Api } from '../api/client.js';
import { editorLine, githubAnnotation, sourceErrors } from '../build/error-lines.js';
import { readLog } from '../build/follow.js';
import { isFinished, progressLine } from '../build/progress.js';
import { contextOf } from '../context.js';
import { CliError, EXIT } from '../errors.js';
import type { Output } from '../output.js';
import { resolveProject } from '../projects.js';
import { formatBytes, shortId } from '../table.js';
import type { Build } from '../../../client/src/lib/api/generated/openapi.js';

interface BuildOptions {
  project: string;
  wait?: boolean;
  pollInterval: string;
  sourceRoot?: string;
}

/** In a GitHub Actions step, `build-id` and `build-status` become step outputs (for the artifacts step). */
function stepOutput(name: string, value: string): void {
  const file = process.env.GITHUB_OUTPUT;
  if (process.env.GITHUB_ACTIONS === 'true' && file) appendFileSync(file, `${name}=${value}\n`);
}

export function pollInterval(value: string): number {
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 50 || ms > 60_000) {
    throw new CliError(`--poll-interval must be a whole number of milliseconds from 50 to 60000 (got ${JSON.stringify(value)})`, EXIT.usage);
  }
  return ms;
}

/**
 * Follows a queued build to its end: the log streams to stdout, the stage on the status line. Ctrl+C
 * (or SIGTERM from a CI runner) cancels the build before exiting 130 (143); a second one exits at once.
 */
async function waitForBuild(api: Api, out: Output, build: Build, intervalMs: number): Promise<{ build: Build; errorLines: string[] }> {
  const controller = new AbortController();
  let signal: NodeJS.Signals | undefined;
  const stop = (name: NodeJS.Signals) => {
    if (signal) process.exit(name === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted);
    signal = name;
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Error lines are few; keeping only them bounds memory for logs of millions of lines.
  const errorLines: string[] = [];
  let latest = build;
  try {
    await readLog(api, build.id, {
      follow: true,
      intervalMs,
      signal: controller.signal,
      onLines: (lines) => {
        out.logLines(lines);
        for (const line of lines) if (/error|fatal/i.test(line)) errorLines.push(line);
      },
      onBuild: (current) => {
        latest = current;
        out.status(progressLine(current), progressLine(current, null));
      },
    });
  } catch (error) {
    if (!signal) throw error;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  if (signal) {
    // A second signal while cancelling exits at once.
    const force = (name: NodeJS.Signals) => process.exit(name === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted);
    process.once('SIGINT', force);
    process.once('SIGTERM', force);
    out.clearStatus();
    out.note(`cloud-compile: ${signal === 'SIGINT' ? 'Ctrl+C' : signal}: cancelling build ${shortId(build.id)}…`);
    const code = signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
    try {
      const { data: cancelled } = await api.cancelBuild({ build_id: build.id });
      out.data(cancelled);
      throw new CliError(`build ${shortId(build.id)} cancelled`, code);
    } catch (error) {
      if (error instanceof CliError && error.exitCode === code) throw error;
      throw new CliError(`could not cancel build ${shortId(build.id)}: ${(error as Error).message}`, code);
    }
  }
  const { data: final } = await api.buildDetails({ build_id: build.id });
  latest = final;
  return { build: latest, errorLines };
}

function report(out: Output, build: Build, errorLines: string[], sourceRoot: string | undefined): void {
  out.clearStatus();
  out.data(build);
  out.note(progressLine(build));
  stepOutput('build-status', build.status);
  if (build.status === 'succeeded') {
    const artifacts = build.artifacts.map((a) => `${a.name} (${formatBytes(a.size)})`).join(', ');
    out.note(`Artifacts: ${artifacts || 'none'}  (cloud-compile artifacts ${build.id} --out DIR)`);
    return;
  }
  if (build.status === 'failed') {
    const errors = sourceErrors(errorLines, sourceRoot);
    // Editors and CI problem matchers read these from the output; GitHub Actions also gets annotations.
    out.logLines(errors.map(editorLine));
    if (process.env.GITHUB_ACTIONS === 'true') out.logLines(errors.map(githubAnnotation));
    throw new CliError(`build ${shortId(build.id)} failed${build.error ? `: ${build.error}` : ''}`, EXIT.failed);
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
      const project = await resolveProject(api, options.project);
      const { data: build } = await api.newProjectBuild({ project_id: project.id });
      stepOutput('build-id', build.id);
      if (!options.wait) {
        out.data(build);
        out.line(build.id);
        out.note(`Queued build ${shortId(build.id)} of ${project.name}: ${baseUrl}/#/builds/${project.id}/${build.id}`);
        return;
      }
      out.note(`Queued build ${shortId(build.id)} of ${project.name}: ${baseUrl}/#/builds/${project.id}/${build.id}`);
      const result = isFinished(build) ? { build, errorLines: [] } : await waitForBuild(api, out, build, intervalMs);
      report(out, result.build, result.errorLines, options.sourceRoot);
    });

  program
    .command('cancel')
    .description('cancel a queued or running build')
    .argument('<build>', 'the build id')
    .addHelpText('after', '\nExample:\n  cloud-compile cancel 6f1c2d9e8a7b6c5d4e3f2a1b')
    .action(async (buildId: string, _options, command: Command) => {
      const { api, out } = contextOf(command);
      const { data: build } = await api.cancelBuild({ build_id: buildId });
      out.data(build);
      out.line(`Cancelled build ${shortId(build.id)} of ${build.project_name}`);
    });
}
