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
});
