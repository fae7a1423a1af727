import { clearLine, cursorTo } from 'node:readline';

export interface OutputOptions {
  json: boolean;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  /** Draw progress in place; by default when stderr is a terminal and CI is not set. */
  interactive?: boolean;
}

/**
 * Where a command's words go. Results go to stdout (a table or lines, or one JSON document with
 * `--json`); notes and progress go to stderr, so `--json` output stays parseable. On a terminal the
 * progress is one status line rewritten in place; elsewhere (CI) each change is a plain line.
 */
export class Output {
  readonly json: boolean;
  private readonly stdout: NodeJS.WriteStream;
  private readonly stderr: NodeJS.WriteStream;
  /** Whether progress is drawn in place (a terminal) rather than printed as lines (CI, pipes). */
  readonly interactive: boolean;
  private statusText = '';
  private plainText = '';

  constructor(options: OutputOptions) {
    this.json = options.json;
    this.stdout = options.stdout ?? process.stdout;
    this.stderr = options.stderr ?? process.stderr;
    this.interactive = options.interactive ?? (this.stderr.isTTY === true && !process.env.CI);
  }

  /** A line of the command's result (not printed with --json: that prints `data` instead). */
  line(text: string): void {
    if (this.json) return;
    this.write(this.stdout, `${text}\n`);
  }

  /** Lines that are the command's output even with --json (a build log goes to stderr then). */
  logLines(lines: readonly string[]): void {
    if (lines.length === 0) return;
    this.write(this.logStream, `${lines.join('\n')}\n`);
  }

  /** Whether the log lines go to a terminal (which then shows their colours). */
  get logIsTerminal(): boolean {
    return this.logStream.isTTY === true;
  }

  private get logStream(): NodeJS.WriteStream {
    return this.json ? this.stderr : this.stdout;
  }

  /** The result as JSON (with --json only). */
  data(value: unknown): void {
    if (this.json) this.write(this.stdout, `${JSON.stringify(value, null, 2)}\n`);
  }

  /** A note for the person watching: progress, retries, warnings. */
  note(text: string): void {
    this.write(this.stderr, `${text}\n`);
  }

  /**
   * The current progress: redrawn in place on a terminal; elsewhere `plain` (the same without what
   * changes every second, like a timer) is printed once per change, so a CI log gets one line a stage.
   */
  status(text: string, plain = text): void {
    if (this.interactive) {
      if (text === this.statusText) return;
      this.statusText = text;
      this.drawStatus();
    } else if (plain !== this.plainText) {
      this.plainText = plain;
      this.note(plain);
    }
  }

  /**
   * The last progress line, kept on screen: on a terminal it replaces the status line; elsewhere it is
   * printed unless it is the plain line printed last (a finished build's "… failed in 3s" once, not twice).
   */
  finalStatus(text: string): void {
    this.clearStatus();
    if (this.interactive || text !== this.plainText) this.note(text);
    this.plainText = text;
  }

  /** Removes the status line (before the command's last words). */
  clearStatus(): void {
    if (this.interactive && this.statusText) this.eraseStatus();
    this.statusText = '';
  }

  private write(stream: NodeJS.WriteStream, text: string): void {
    if (this.interactive && this.statusText) {
      this.eraseStatus();
      stream.write(text);
      this.drawStatus();
    } else {
      stream.write(text);
    }
  }

  private eraseStatus(): void {
    clearLine(this.stderr, 0);
    cursorTo(this.stderr, 0);
  }

  private drawStatus(): void {
    this.eraseStatus();
    const width = this.stderr.columns || 80;
    this.stderr.write(this.statusText.slice(0, width - 1));
  }
}
