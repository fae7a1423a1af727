import { hash } from 'node:crypto';

/**
 * Verdicts of body checks, by schema and the body's digest: a check is a pure function of the two,
 * and an API answers the same bytes again and again (a project list, a build being polled), so
 * VALIDATE=report parses and validates each distinct body once instead of on every exchange.
 * Bounded: the oldest verdict goes when full, so a flood of distinct bodies only costs the checks.
 */
export class VerdictCache<T> {
  private readonly verdicts = new Map<string, T>();

  constructor(private readonly maxEntries = 1_000) {}

  /** The verdict for `bytes` under `schemaKey`, worked out by `check` the first time. */
  get(schemaKey: string, bytes: Buffer, check: () => T): T {
    return this.byKey(`${schemaKey}\0${hash('sha1', bytes, 'base64')}`, check);
  }

  /** The verdict for a question that `key` states whole (a bodiless request's method and URL). */
  byKey(key: string, check: () => T): T {
    const known = this.verdicts.get(key);
    if (known !== undefined) return known;
    const verdict = check();
    if (this.verdicts.size >= this.maxEntries) this.verdicts.delete(this.verdicts.keys().next().value!);
    this.verdicts.set(key, verdict);
    return verdict;
  }

  get size(): number {
    return this.verdicts.size;
  }
}
