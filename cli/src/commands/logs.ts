import type { Command } from 'commander';
import { readLog } from '../build/follow.js';
import { contextOf } from '../context.js';
import { pollInterval } from './build.js';

export function registerLogs(program: Command): void {
  program
    .command('logs')
    .description("print a build's log")
    .argument('<build>', 'the build id')
    .option('-f, --follow', 'keep printing new lines until the build ends')
    .option('--poll-interval <ms>', 'with --follow: how often to ask for new lines', '1000')
    .addHelpText(
      'after',
      '\nWith --json the lines are printed as one JSON array when the log is complete.\n\nExamples:\n  cloud-compile logs 6f1c2d9e8a7b6c5d4e3f2a1b\n  cloud-compile logs 6f1c2d9e8a7b6c5d4e3f2a1b --follow',
    )
    .action(async (buildId: string, options: { follow?: boolean; pollInterval: string }, command: Command) => {
      const intervalMs = pollInterval(options.pollInterval);
      const { api, out } = contextOf(command);
      const all: string[] = [];
      await readLog(api, buildId, {
        follow: options.follow === true,
        intervalMs,
        onLines: (lines) => {
          if (out.json) all.push(...lines);
          else out.logLines(lines);
        },
      });
      out.data({ build_id: buildId, lines: all });
    });
}
