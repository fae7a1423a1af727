import { describe, expect, it } from 'vitest';
import { analogColumns, BLOCK, BUSY, numericTrace, rangeMinMax, traceSegments } from './segments';

describe('traceSegments', () => {
  it('gives one segment per value, starting at its change', () => {
    const times = [0, 25, 60];
    expect(traceSegments(times, { start: 0, end: 100, width: 10 })).toEqual([
      { x0: 0, x1: 2, index: 0 },
      { x0: 2, x1: 6, index: 1 },
      { x0: 6, x1: 10, index: 2 },
    ]);
  });

  it('draws nothing before the first change', () => {
    expect(traceSegments([50], { start: 0, end: 100, width: 10 })).toEqual([{ x0: 5, x1: 10, index: 0 }]);
  });

  it('marks columns with several changes busy and merges them', () => {
    const times = Float64Array.from({ length: 1000 }, (_, i) => i);
    const segments = traceSegments(times, { start: 0, end: 1000, width: 10 });
    expect(segments).toEqual([{ x0: 0, x1: 10, index: BUSY }]);
  });

  it('reads a million changes with one binary search per column, not a walk over them', () => {
    const times = Float64Array.from({ length: 1_000_000 }, (_, i) => i * 10);
    let reads = 0;
    const counted = new Proxy(times, {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return key === 'length' ? target.length : target[key as unknown as number];
      },
    }) as unknown as ArrayLike<number>;
    const segments = traceSegments(counted, { start: 0, end: 10_000_000, width: 1600 });
    expect(segments).toEqual([{ x0: 0, x1: 1600, index: BUSY }]);
    // log2(1e6) ≈ 20 reads per search, one search per column and one at the start.
    expect(reads).toBeLessThanOrEqual(1601 * 21);
  });
});

describe('rangeMinMax', () => {
  it('agrees with a plain scan over any range, across block edges', () => {
    const values = Float64Array.from({ length: 5 * BLOCK + 7 }, (_, i) => Math.sin(i * 0.37) * 100 + (i % 13));
    values[70] = NaN;
    const trace = numericTrace(values);
    for (const [first, last] of <[number, number][]>[
      [0, values.length - 1],
      [3, 3],
      [BLOCK - 1, BLOCK * 3 + 2],
      [BLOCK, BLOCK * 2 - 1],
      [65, 80],
    ]) {
      const slice = Array.from(values.slice(first, last + 1)).filter((v) => !Number.isNaN(v));
      expect(rangeMinMax(trace, first, last)).toEqual([Math.min(...slice), Math.max(...slice)]);
    }
    expect(trace.min).toBe(Math.min(...Array.from(values).filter((v) => !Number.isNaN(v))));
  });
});

describe('analogColumns', () => {
  it('gives each column the min and max of the changes in it and the value at its right edge', () => {
    // 1,000 changes over 10 columns of 100 time units: a sawtooth of period 37, a NaN stretch (x) over all of column 4.
    const times = Float64Array.from({ length: 1000 }, (_, i) => i);
    const values = Float64Array.from({ length: 1000 }, (_, i) => (i >= 400 && i <= 500 ? NaN : (i % 37) - i / 100));
    const trace = numericTrace(values);
    const columns = analogColumns(times, trace, { start: 0, end: 1000, width: 10 }, 0, 10);
    const expected = [];
    for (let x = 0; x < 10; x++) {
      // The column's changes, and the one in force at its left edge (a change exactly there is its own).
      const inColumn = Array.from(values.subarray(x * 100, x * 100 + 101)).filter((v) => !Number.isNaN(v));
      if (inColumn.length === 0) continue;
      const last = values[Math.min(999, x * 100 + 100)]!;
      expected.push({ x, low: Math.min(...inColumn), high: Math.max(...inColumn), last });
    }
    expect(columns).toEqual(expected);
    expect(columns.map((column) => column.x)).not.toContain(4);
  });

  it('visits a few blocks per column, not every change, on a million', () => {
    const values = Float64Array.from({ length: 1_000_000 }, (_, i) => Math.sin(i / 50));
    const times = Float64Array.from({ length: 1_000_000 }, (_, i) => i * 10);
    let reads = 0;
    const counted = new Proxy(values, {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return key === 'length' ? target.length : target[key as unknown as number];
      },
    });
    const trace = { ...numericTrace(values), values: counted };
    const columns = analogColumns(times, trace, { start: 0, end: 10_000_000, width: 1000 }, 0, 1000);
    expect(columns).toHaveLength(1000);
    expect(columns[0]!.high).toBeCloseTo(1, 3);
    expect(reads).toBeLessThan(1000 * (2 * BLOCK + 2));
  });
});
