import type { Command } from 'commander';
import { BUILD_ARGUMENT, PROJECT_OPTION } from '../build/build-argument.js';
import { findBuild } from '../build/find-build.js';
import { readLog } from '../build/follow.js';
import { LogPrinter } from '../build/log-printer.js';
import { contextOf } from '../context.js';
import { pollInterval } from './build.js';

export function registerLogs(program: Command): void {
  program
    .command('logs')
    .description("print a build's log")
    .argument('<build>', BUILD_ARGUMENT)
    .option(...PROJECT_OPTION)
    .option('-f, --follow', 'keep printing new lines until the build ends')
    .option('--poll-interval <ms>', 'with --follow: how often to ask for new lines', '1000')
    .addHelpText(
      'after',
      '\nWith --json the lines are printed as one JSON array when the log is complete.\n\nExamples:\n  cloud-compile logs e3c702b\n  cloud-compile logs 6f1c2d9e8a7b6c5d4e3f2a1b --follow',
    )
    .action(
      async (text: string, options: { follow?: boolean; pollInterval: string; project?: string }, command: Command) => {
        const intervalMs = pollInterval(options.pollInterval);
        const { api, out } = contextOf(command);
        const { id } = await findBuild(api, text, options.project);
        const all: string[] = [];
        const printer = new LogPrinter(out);
        try {
          await readLog(api, id, {
            follow: options.follow === true,
            intervalMs,
            onLines: (lines) => {
              if (out.json) all.push(...lines);
              else printer.print(lines);
            },
          });
        } finally {
          printer.end();
        }
        out.data({ build_id: id, lines: all });
      },
    );
}
