import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-delay.js';

describe('retryDelayMs', () => {
  it('doubles from the base with every attempt, up to the cap', () => {
    const policy = { baseMs: 2_000, maxMs: 30_000 };
    expect([0, 1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, policy))).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('lengthens the pause by up to the jitter fraction', () => {
    const policy = { baseMs: 500, maxMs: 15_000, jitter: 0.2 };
    expect(retryDelayMs(0, policy, () => 0)).toBe(500);
    expect(retryDelayMs(0, policy, () => 0.999)).toBe(600);
    expect(retryDelayMs(10, policy, () => 0.5)).toBe(16_500);
  });

  it('spreads a full-jitter pause from zero to the capped delay', () => {
    const policy = { baseMs: 1, maxMs: 50, jitter: 'full' as const };
    expect(retryDelayMs(3, policy, () => 0)).toBe(0);
    expect(retryDelayMs(3, policy, () => 0.99)).toBe(7);
    expect(retryDelayMs(20, policy, () => 0.99)).toBe(49);
  });
});
