/**
 * The one retry policy: the pause doubles with every failed try, from `baseMs`, up to `maxMs`; jitter
 * spreads clients that failed together so they do not all come back at once.
 */
export interface RetryDelayPolicy {
  /** The pause before the first retry (attempt 0). */
  baseMs: number;
  /** The longest pause, however many tries failed. */
  maxMs: number;
  /**
   * None (the default); a fraction, up to which the pause is lengthened at random (0.2: up to 20 % more);
   * or 'full': anywhere from 0 to the pause (colliding writers spread out most).
   */
  jitter?: number | 'full';
}

/** The pause before retry `attempt` (0 for the first): min(maxMs, baseMs · 2^attempt), with the policy's jitter. */
export function retryDelayMs(attempt: number, policy: RetryDelayPolicy, random: () => number = Math.random): number {
  const delay = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  if (policy.jitter === 'full') return Math.floor(random() * delay);
  if (policy.jitter) return Math.round(delay * (1 + policy.jitter * random()));
  return delay;
}
