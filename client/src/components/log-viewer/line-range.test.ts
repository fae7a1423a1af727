import { describe, expect, it } from 'vitest';
import {
  formatLineRange,
  hashWithLineRange,
  inRange,
  lineRangeFromQuery,
  parseLineRange,
  selectLine,
} from './line-range';

describe('parseLineRange', () => {
  it('reads a range and a single line', () => {
    expect(parseLineRange('120-135')).toEqual({ from: 120, to: 135 });
    expect(parseLineRange('42')).toEqual({ from: 42, to: 42 });
  });

  it('puts a reversed range in order and accepts GitHub-style L120-L135', () => {
    expect(parseLineRange('135-120')).toEqual({ from: 120, to: 135 });
    expect(parseLineRange('L7-L9')).toEqual({ from: 7, to: 9 });
  });

  it('refuses what is not a range', () => {
    for (const bad of ['', ' ', '0', '0-4', '-5', 'abc', '1-', '1-2-3', '12a', null, undefined]) {
      expect(parseLineRange(bad)).toBeNull();
    }
  });

  it('round-trips with formatLineRange', () => {
    for (const text of ['1', '120-135', '50000']) {
      expect(formatLineRange(parseLineRange(text)!)).toBe(text);
    }
  });
});

describe('lineRangeFromQuery', () => {
  it('reads the line parameter of a hash route or a bare query', () => {
    expect(lineRangeFromQuery('#/builds/p1/b1?line=120-135')).toEqual({ from: 120, to: 135 });
    expect(lineRangeFromQuery('tab=log&line=9')).toEqual({ from: 9, to: 9 });
    expect(lineRangeFromQuery('#/builds/p1/b1')).toBeNull();
  });
});

describe('hashWithLineRange', () => {
  it('sets, replaces and removes the line parameter, keeping the rest', () => {
    expect(hashWithLineRange('#/builds/p1/b1', { from: 120, to: 135 })).toBe('#/builds/p1/b1?line=120-135');
    expect(hashWithLineRange('#/builds/p1/b1?tab=log&line=5', { from: 9, to: 9 })).toBe(
      '#/builds/p1/b1?tab=log&line=9',
    );
    expect(hashWithLineRange('#/builds/p1/b1?line=5&tab=log', null)).toBe('#/builds/p1/b1?tab=log');
    expect(hashWithLineRange('#/builds/p1/b1?line=5', null)).toBe('#/builds/p1/b1');
    expect(lineRangeFromQuery(hashWithLineRange('#/x', { from: 50_000, to: 50_000 }))).toEqual({
      from: 50_000,
      to: 50_000,
    });
  });
});

describe('selectLine', () => {
  it('selects one line, or extends from the anchor with Shift', () => {
    expect(selectLine(null, 5, false)).toEqual({ from: 5, to: 5 });
    expect(selectLine(null, 5, true)).toEqual({ from: 5, to: 5 });
    expect(selectLine({ from: 10, to: 10 }, 20, true)).toEqual({ from: 10, to: 20 });
    expect(selectLine({ from: 10, to: 20 }, 3, true)).toEqual({ from: 3, to: 10 });
    expect(selectLine({ from: 10, to: 20 }, 15, false)).toEqual({ from: 15, to: 15 });
  });
});

describe('inRange', () => {
  it('includes both ends', () => {
    expect(inRange({ from: 2, to: 4 }, 2)).toBe(true);
    expect(inRange({ from: 2, to: 4 }, 4)).toBe(true);
    expect(inRange({ from: 2, to: 4 }, 5)).toBe(false);
    expect(inRange(null, 1)).toBe(false);
  });
});
