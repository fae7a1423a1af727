import { randomBytes } from 'node:crypto';
import type { Output } from '../output.js';
import { inertText } from './terminal-text.js';

/** Whether the command runs in a GitHub Actions step (which reads workflow commands from its output). */
export const inGitHubActions = (env: NodeJS.ProcessEnv = process.env) => env.GITHUB_ACTIONS === 'true';

/**
 * Prints a build's log, whose lines are the design's text (GHDL quotes the user's source), so that
 * none of them can act: control sequences are removed (colours kept on a terminal, see terminal-text.ts),
 * and in GitHub Actions the lines sit between `::stop-commands::<token>` and `::<token>::`, so a line
 * such as `::add-mask::…` or `::error file=…::` is shown, not obeyed. The token is random per run: a
 * design cannot end the block early. Annotations are printed after `end()`, from the build's
 * structured diagnostics only.
 */
export class LogPrinter {
  private token: string | undefined;

  constructor(
    private readonly out: Output,
    private readonly github = inGitHubActions(),
  ) {}

  print(lines: readonly string[]): void {
    if (lines.length === 0) return;
    if (this.github && !this.token) {
      this.token = randomBytes(16).toString('hex');
      this.out.logLines([`::stop-commands::${this.token}`]);
    }
    const keepColours = this.out.logIsTerminal;
    this.out.logLines(lines.map((line) => inertText(line, keepColours)));
  }

  /** Lets workflow commands act again (for the annotations that follow). Safe to call more than once. */
  end(): void {
    if (!this.token) return;
    this.out.logLines([`::${this.token}::`]);
    this.token = undefined;
  }
}
