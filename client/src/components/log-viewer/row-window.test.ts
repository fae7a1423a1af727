import { describe, expect, it } from 'vitest';
import { browserMaxElementHeight, clampWindowStart, shrinkToFit, windowAround, windowRowsFor } from './row-window';

describe('row window', () => {
  it('fits rows under 90 % of the browser cap', () => {
    expect(windowRowsFor(33_554_428, 20)).toBe(1_509_949);
    expect(windowRowsFor(17_895_697, 20)).toBe(805_306);
    expect(windowRowsFor(Number.POSITIVE_INFINITY, 20)).toBe(Number.POSITIVE_INFINITY);
    expect(windowRowsFor(1000, 20)).toBe(100);
  });

  it('keeps the window inside the log and centres it on a row', () => {
    expect(clampWindowStart(-5, 1000, 100)).toBe(0);
    expect(clampWindowStart(950, 1000, 100)).toBe(900);
    expect(clampWindowStart(0, 50, 50)).toBe(0);
    expect(windowAround(500, 1000, 100)).toBe(450);
    expect(windowAround(10, 1000, 100)).toBe(0);
    expect(windowAround(999, 1000, 100)).toBe(900);
  });

  it('shrinks a window of wrapped rows that overflows the cap', () => {
    expect(shrinkToFit(1000, 10_000, 20_000)).toBe(1000);
    expect(shrinkToFit(1000, 40_000, 20_000)).toBe(427);
  });

  it('finds no cap without layout (jsdom)', () => {
    expect(browserMaxElementHeight()).toBe(Number.POSITIVE_INFINITY);
  });
});
