import { describe, expect, it } from 'vitest';
import type { Measured } from '../../bench/load-tool.js';
import { table, verdicts } from '../../bench/rows.js';

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

  it('prints a verdict per goal against the peer, round by round: requests/s, p99 ratio, p99 bound, added p50', () => {
    const rounds = (rps: number[], p99Us: number[]) =>
      rps.map((value, index) => ({ ...measured(value, 1_000), p99Us: p99Us[index]! }));
    const node = rounds([4_000, 4_400, 4_200], [10_000, 10_000, 10_000]);
    // Round by round 0.90×, 0.84×, 0.86× (median 0.86×); p99 1.2×, 1.6×, 1.4× (median 1.4×).
    const gateway = rounds([3_600, 3_700, 3_600], [12_000, 16_000, 14_000]);
    // p99 1.6×, 1.7×, 1.6×: over 1.5× in two rounds of three.
    const slow = rounds([3_600, 3_800, 3_700], [16_000, 17_000, 16_000]);
    const prism = rounds([800, 900, 850], [900_000, 800_000, 700_000]);
    const mock = rounds([6_000, 6_000, 6_000], [12_000, 25_000, 13_000]);
    const rows = [
      { name: 'node', result: node[1], rounds: node },
      {
        name: 'gateway',
        result: gateway[2],
        rounds: gateway,
        peer: 'node',
        goal: { minRatio: 0.85, maxP99Ratio: 1.5 },
      },
      { name: 'slow', result: slow[2], rounds: slow, peer: 'node', goal: { minRatio: 0.85, maxP99Ratio: 1.5 } },
      { name: 'prism', result: prism[1], rounds: prism },
      { name: 'mock', result: mock[2], rounds: mock, peer: 'prism', goal: { minRatio: 5, maxP99Ms: 20 } },
      { name: 'mock, failing', result: { ...mock[2]!, non2xx: 3 }, peer: 'prism', goal: { minRatio: 5 } },
      { name: 'gone', peer: 'node', goal: { minRatio: 1.7 } },
      { name: 'off at 2,000', result: measured(1_940, 800) },
      {
        name: 'report at 2,000',
        result: measured(1_930, 1_200),
        peer: 'off at 2,000',
        compare: 'p50' as const,
        goal: { maxP50AddedMs: 0.3 },
      },
      // Without rounds: its result against the peer's (4,000 / 4,400).
      { name: 'context', result: node[0], peer: 'node', about: 'no goal' },
    ];
    expect(verdicts(rows).map(({ line }) => line)).toEqual([
      '- gateway vs node (≥ 0.85×, p99 ≤ 1.5× its): met: 0.86× ≥ 0.85×; p99 1.40× ≤ 1.5×',
      '- slow vs node (≥ 0.85×, p99 ≤ 1.5× its): NOT MET: 0.88× ≥ 0.85×; p99 1.60× > 1.5×',
      '- mock vs prism (≥ 5×, p99 < 20 ms): met: 7.06× ≥ 5×; p99 13.00 ms < 20 ms',
      '- mock, failing vs prism (≥ 5×): NOT MET: 6.67× ≥ 5×; 3 errors',
      '- gone vs node (≥ 1.7×): NOT MET: not measured',
      '- report at 2,000 vs off at 2,000 (p50 ≤ its + 0.3 ms): NOT MET: p50 +0.40 ms > +0.3 ms',
    ]);
    expect(verdicts(rows).map(({ met }) => met)).toEqual([true, false, true, false, false, false]);
    const lines = table('Proxy', rows).split('\n');
    expect(lines.find((line) => line.startsWith('| gateway |'))).toMatch(
      /\| node \| 0\.86× \| ≥ 0\.85×, p99 ≤ 1\.5× its \| met: 0\.86× ≥ 0\.85×; p99 1\.40× ≤ 1\.5× \|$/,
    );
    expect(lines.find((line) => line.startsWith('| context |'))).toMatch(/\| node \| 0\.91× \| no goal \| {2}\|$/);
  });
});
