import { EXIT, type ExitCode } from '../errors.js';

/**
 * Ctrl+C (SIGINT) and SIGTERM (a CI runner stopping the job) while a build is followed. The first
 * signal aborts what is in flight so the command can cancel the build before it exits; a second one
 * exits at once. Without this, Node would die on the spot and leave the build running.
 */
export class Interruption {
  private readonly controller = new AbortController();
  private received: NodeJS.Signals | undefined;
  private readonly onSignal = (name: NodeJS.Signals) => {
    if (this.received) process.exit(exitCodeOf(name));
    this.received = name;
    this.controller.abort();
  };

  constructor() {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  /** Aborted by the first signal. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The signal received, if any. */
  get by(): NodeJS.Signals | undefined {
    return this.received;
  }

  /** 130 after Ctrl+C, 143 after SIGTERM. */
  get exitCode(): ExitCode {
    return exitCodeOf(this.received ?? 'SIGINT');
  }

  dispose(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }
}

const exitCodeOf = (name: NodeJS.Signals): ExitCode => (name === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted);
