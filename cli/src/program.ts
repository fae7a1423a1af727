import { Command, Option } from 'commander';
import { registerArtifacts } from './commands/artifacts.js';
import { registerBuild } from './commands/build.js';
import { registerConfig } from './commands/config.js';
import { registerLogs } from './commands/logs.js';
import { registerProjects } from './commands/projects.js';
import { registerPush } from './commands/push.js';
import { registerSimulate } from './commands/simulate.js';

export const VERSION = '0.1.0';

const EXIT_CODES = `
Exit codes: 0 success · 1 failed build or simulation, or refused operation · 2 bad arguments · 3 API key refused
(401) or missing a scope (403) · 4 API unreachable after the retries · 130 Ctrl+C (143 SIGTERM).`;

/** The command line: global options, then one subcommand per task (each with its own --help). */
export function createProgram(): Command {
  const program = new Command('cloud-compile')
    .description('Push HDL sources to Cloud Compile, build and simulate them, follow the log and fetch the artifacts.')
    .version(VERSION)
    .addOption(
      new Option('--base-url <url>', "the app's address, e.g. https://compile.example.com").env('CLOUD_COMPILE_URL'),
    )
    .addOption(
      new Option('--api-key <key>', 'an API key (prefer the variable: arguments show in process lists)').env(
        'CLOUD_COMPILE_API_KEY',
      ),
    )
    .option('--json', 'print results as JSON (for scripts)')
    .addOption(
      new Option('--retries <n>', 'retries after a network failure, with backoff')
        .env('CLOUD_COMPILE_RETRIES')
        .default('4'),
    )
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', EXIT_CODES)
    .exitOverride();
  registerProjects(program);
  registerPush(program);
  registerConfig(program);
  registerBuild(program);
  registerLogs(program);
  registerArtifacts(program);
  registerSimulate(program);
  for (const command of program.commands) command.exitOverride();
  return program;
}
