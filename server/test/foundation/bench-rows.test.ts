import { describe, expect, it } from 'vitest';
import type { Measured } from '../../bench/load-tool.js';
import { table } from '../../bench/rows.js';

const measured = (rps: number, p50Us: number): Measured => ({
  requests: rps * 5,
  rps,
  p50Us,
  p99Us: p50Us * 3,
  maxUs: p50Us * 10,
  errors: 0,
  timeouts: 0,
  non2xx: 0,
});

describe('the bench tables (server/bench/rows.ts)', () => {
  it('compares a row with its peer by requests per second, or by the p50 it adds at a fixed rate', () => {
    const lines = table('Proxy', [
      { name: 'off', result: measured(8_000, 5_300) },
      { name: 'report', result: measured(7_000, 6_500), peer: 'off' },
      { name: 'off at 2,000 req/s', result: measured(1_940, 630) },
      { name: 'report at 2,000 req/s', result: measured(1_916, 680), peer: 'off at 2,000 req/s', compare: 'p50' },
      { name: 'faster at 2,000 req/s', result: measured(1_950, 600), peer: 'off at 2,000 req/s', compare: 'p50' },
    ]).split('\n');
    expect(lines.find((line) => line.startsWith('| report |'))).toContain('| off | 0.88× |');
    expect(lines.find((line) => line.startsWith('| report at'))).toContain('| off at 2,000 req/s | +0.05 ms |');
    expect(lines.find((line) => line.startsWith('| faster at'))).toContain('| −0.03 ms |');
  });

  it('compares rows measured in the same rounds round by round, and reports the median comparison', () => {
    const rounds = (rps: number[], p50Us: number[]) => rps.map((value, index) => measured(value, p50Us[index]!));
    const plain = rounds([6_553, 14_286, 16_353], [7_000, 3_300, 3_000]);
    const gateway = rounds([7_683, 8_731, 10_588], [6_000, 5_100, 4_500]);
    const off = rounds([1_940, 1_942, 1_941], [1_400, 640, 560]);
    const report = rounds([1_939, 1_939, 1_940], [570, 660, 710]);
    const lines = table('Proxy', [
      { name: 'plain', result: plain[1], rounds: plain },
      { name: 'gateway', result: gateway[1], rounds: gateway, peer: 'plain' },
      { name: 'off', result: off[1], rounds: off },
      { name: 'report', result: report[1], rounds: report, peer: 'off', compare: 'p50' },
    ]).split('\n');
    // Round by round 1.17×, 0.61×, 0.65× (the median rounds' ratio would be 0.61×).
    expect(lines.find((line) => line.startsWith('| gateway |'))).toContain('| plain | 0.65× |');
    // Round by round −0.83, +0.02, +0.15 ms.
    expect(lines.find((line) => line.startsWith('| report |'))).toContain('| off | +0.02 ms |');
  });
});
