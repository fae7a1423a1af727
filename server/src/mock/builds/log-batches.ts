import { setImmediate as nextTurn } from 'node:timers/promises';

/** Lines stored per append: a tool printing fast fills batches, one printing slowly still shows at once. */
export const LOG_BATCH_LINES = 1000;

/**
 * A build's log lines on their way to the store, in batches: the lines that came while the last
 * batch was being stored go together in the next. A design can make a tool print tens of thousands
 * of lines in a moment, and one store step per line (a promise, a closure and a copy each) held the
 * gateway's only thread for seconds and its heap for hundreds of megabytes. At most one store step
 * is waiting at a time, and the gateway answers other requests between batches.
 */
export class LogBatches {
  private pending: string[] = [];
  private flushing = false;

  constructor(
    /** Runs the flush in the build's order of progress (after what was queued before it). */
    private readonly schedule: (flush: () => Promise<void>) => void,
    private readonly store: (lines: string[]) => Promise<unknown>,
  ) {}

  add(lines: readonly string[]): void {
    for (const line of lines) this.pending.push(line);
    if (this.flushing || this.pending.length === 0) return;
    this.flushing = true;
    this.schedule(() => this.flush());
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        // Taken whole: lines coming while these are stored wait for the next round.
        const taken = this.pending;
        this.pending = [];
        for (let start = 0; start < taken.length; start += LOG_BATCH_LINES) {
          if (start > 0) await nextTurn();
          await this.store(
            start === 0 && taken.length <= LOG_BATCH_LINES ? taken : taken.slice(start, start + LOG_BATCH_LINES),
          );
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
