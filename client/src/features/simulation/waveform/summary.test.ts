import { describe, expect, it } from 'vitest';
import { changesBetween, columnSegments, pixelColumns, summaryExtent, type BucketSummary } from './summary';

/** A summary of [from, to] in buckets given as [count, min, max, start value]. */
function summary(from: number, to: number, buckets: [number, number | null, number | null, string][], last: string) {
  return {
    from,
    to,
    columns: buckets.length,
    initial: buckets[0]![3],
    last,
    counts: buckets.map((bucket) => bucket[0]),
    min: buckets.map((bucket) => bucket[1]),
    max: buckets.map((bucket) => bucket[2]),
    starts: buckets.map((bucket) => bucket[3]),
  } satisfies BucketSummary;
}

describe('pixelColumns', () => {
  it('maps one bucket to one column when the view is the summary range at its resolution', () => {
    const layer = summary(
      0,
      40,
      [
        [0, null, null, '0'],
        [1, 1, 1, '0'],
        [3, 0, 1, '1'],
        [0, null, null, '0'],
      ],
      '0',
    );
    const columns = pixelColumns([layer], { start: 0, end: 40, width: 4 });
    expect(columns.map(({ count, busy, start, end }) => [count, busy, start, end])).toEqual([
      [0, false, '0', '0'],
      [1, false, '0', '1'],
      [3, true, '1', '0'],
      [0, false, '0', '0'],
    ]);
  });

  it('merges the buckets a column covers: counts add up, min and max are the extremes', () => {
    const layer = summary(
      0,
      80,
      [
        [2, -5, 3, '0'],
        [0, null, null, '11'],
        [4, 2, 9, '11'],
        [1, -7, -7, '01'],
        [0, null, null, '00'],
        [0, null, null, '00'],
        [0, null, null, '00'],
        [0, null, null, '00'],
      ],
      '00',
    );
    const columns = pixelColumns([layer], { start: 0, end: 80, width: 2 });
    expect(columns).toEqual([
      { x: 0, count: 7, busy: true, start: '0', end: '00', low: -7, high: 9 },
      { x: 1, count: 0, busy: false, start: '00', end: '00', low: null, high: null },
    ]);
  });

  it('shows a lone change in a bucket wider than the column as busy, and takes the finer layer where it covers', () => {
    const coarse = summary(0, 100, [[1, 1, 1, '0']], '1');
    const fine = summary(
      50,
      100,
      [
        [0, null, null, '0'],
        [1, 1, 1, '0'],
      ],
      '1',
    );
    const columns = pixelColumns([fine, coarse], { start: 0, end: 100, width: 4 });
    // Columns 0 and 1 from the one coarse bucket (its change could be in either); 2 and 3 from the fine one.
    expect(columns.map(({ x, count, busy, end }) => [x, count, busy, end])).toEqual([
      [0, 1, true, '1'],
      [1, 1, true, '1'],
      [2, 0, false, '0'],
      [3, 1, false, '1'],
    ]);
  });

  it('leaves out columns no summary covers (a pan past the answer, until the next one)', () => {
    const layer = summary(0, 50, [[0, null, null, '1']], '1');
    expect(pixelColumns([layer], { start: 0, end: 100, width: 4 }).map((column) => column.x)).toEqual([0, 1]);
  });

  it('visits each column and bucket a bounded number of times: a 4096-bucket summary on 1000 columns', () => {
    const buckets = Array.from({ length: 4096 }, (_, k) => [300, -k, k, 'x'] as [number, number, number, string]);
    const layer = summary(0, 4096 * 1000, buckets, 'x');
    const columns = pixelColumns([layer], { start: 0, end: 4096 * 1000, width: 1000 });
    expect(columns).toHaveLength(1000);
    expect(columns.reduce((sum, column) => sum + column.count, 0)).toBeLessThanOrEqual(300 * (4096 + 1000));
    expect(columns.at(-1)!.high).toBe(4095);
  });
});

describe('columnSegments', () => {
  it('joins quiet columns of one value and busy columns, and starts a run at a lone change', () => {
    const layer = summary(
      0,
      60,
      [
        [0, null, null, '0'],
        [0, null, null, '0'],
        [1, 1, 1, '0'],
        [0, null, null, '1'],
        [2, 0, 1, '1'],
        [5, 0, 1, '0'],
      ],
      '1',
    );
    expect(columnSegments(pixelColumns([layer], { start: 0, end: 60, width: 6 }))).toEqual([
      { x0: 0, x1: 2, value: '0' },
      { x0: 2, x1: 4, value: '1' },
      { x0: 4, x1: 6, value: null },
    ]);
  });
});

describe('changesBetween and summaryExtent', () => {
  const layer = summary(
    0,
    40,
    [
      [3, -2, 5, '0000000000000001'],
      [0, null, null, '0000000000000011'],
      [2, 4, 8, '0000000000000011'],
      [1, -9, -9, '0000000000001000'],
    ],
    '1111111111110111',
  );

  it('counts the changes of the buckets a range touches', () => {
    expect(changesBetween(layer, 0, 40)).toBe(6);
    expect(changesBetween(layer, 15, 25)).toBe(2);
    expect(changesBetween(layer, 50, 60)).toBe(0);
  });

  it('spans the buckets and the first value, in volts with the slot scale', () => {
    expect(summaryExtent(layer, { width: 16, signed: true })).toEqual([-9, 8]);
    expect(summaryExtent(layer, { width: 16, signed: true, voltsPerLsb: 0.5 })).toEqual([-4.5, 4]);
  });
});
