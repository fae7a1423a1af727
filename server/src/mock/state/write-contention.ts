/**
 * Writes of one document by several requests at once. Within a gateway they take turns (a queue per
 * key), so a burst of requests on one sandbox costs one store round per request instead of every
 * request retrying against all the others; across gateways the versioned write decides, and the loser
 * reads again after a short random pause, so two gateways do not keep colliding in step.
 */
import { retryDelayMs } from '@cloud-compile/shared';

/** Runs tasks one after another per key; keys are forgotten once their last task has ended. */
export class KeyedTurns {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    const result = before ? before.then(task, task) : task();
    // The tail never rejects: a failed task must not fail the ones queued behind it.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting (bounded by the requests in flight). */
  get size(): number {
    return this.tails.size;
  }
}

/**
 * The pause before try `attempt` (1, 2, …) of a versioned write another gateway won: random up to
 * 2^attempt ms, at most `capMs`, so colliding writers spread out.
 */
export function contentionPauseMs(attempt: number, capMs = 50, random: () => number = Math.random): number {
  return retryDelayMs(attempt, { baseMs: 1, maxMs: capMs, jitter: 'full' }, random);
}
