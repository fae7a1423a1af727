import { describe, expect, it } from 'vitest';
import {
  indexAt,
  nearestChange,
  nextChange,
  previousChange,
  valueAt,
  visibleRange,
  type SignalChanges,
} from './changes';

const signal = (pairs: [number, string][]): SignalChanges => ({
  times: Float64Array.from(pairs.map(([t]) => t)),
  values: pairs.map(([, v]) => v),
});

const clock = signal([
  [0, '0'],
  [10, '1'],
  [20, '0'],
  [30, '1'],
  [40, '0'],
]);

describe('binary searches over changes', () => {
  it('finds the change in force at an instant', () => {
    expect(indexAt(clock.times, -1)).toBe(-1);
    expect(indexAt(clock.times, 0)).toBe(0);
    expect(indexAt(clock.times, 19.9)).toBe(1);
    expect(indexAt(clock.times, 20)).toBe(2);
    expect(indexAt(clock.times, 1e9)).toBe(4);
    expect(valueAt(clock, 25)).toBe('0');
    expect(valueAt(clock, 35)).toBe('1');
  });

  it('selects the changes to draw for a time range, starting with the one in force at its left edge', () => {
    expect(visibleRange(clock.times, 15, 32)).toEqual({ first: 1, last: 3 });
    expect(visibleRange(clock.times, 0, 5)).toEqual({ first: 0, last: 0 });
    expect(visibleRange(clock.times, 41, 99)).toEqual({ first: 4, last: 4 });
  });

  it('selects from a million changes without walking them', () => {
    const times = new Float64Array(1_000_000).map((_, i) => i * 8);
    expect(visibleRange(times, 4_000_001, 4_000_100)).toEqual({ first: 500_000, last: 500_012 });
  });
});

describe('next and previous change', () => {
  it('moves to the next and previous change from a cursor', () => {
    expect(nextChange(clock, 0)).toBe(10);
    expect(nextChange(clock, 10)).toBe(20);
    expect(nextChange(clock, 15)).toBe(20);
    expect(nextChange(clock, 40)).toBeUndefined();
    expect(previousChange(clock, 25)).toBe(20);
    expect(previousChange(clock, 20)).toBe(10);
    expect(previousChange(clock, 10)).toBeUndefined();
  });

  it('skips entries that repeat the value (a piece boundary, a bus rewritten with the same value)', () => {
    const bus = signal([
      [0, 'b0011'],
      [10, 'b0011'],
      [20, 'b0100'],
    ]);
    expect(nextChange(bus, 0)).toBe(20);
    expect(previousChange(bus, 25)).toBe(20);
    expect(previousChange(bus, 20)).toBeUndefined();
  });

  it('takes the nearest among several signals', () => {
    const other = signal([
      [0, '0'],
      [13, '1'],
    ]);
    expect(nearestChange([clock, other], 10, 'next')).toBe(13);
    expect(nearestChange([clock, other], 15, 'previous')).toBe(13);
    expect(nearestChange([clock, other], 45, 'next')).toBeUndefined();
  });
});
