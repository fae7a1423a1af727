import { describe, expect, it } from 'vitest';
import { lineNumberTabStop, nextLineNumberItem } from './line-number-focus';

// Rows 20 px high, drawn from line 1; the view scrolled to 100 px shows line 6 first.
const rows = Array.from({ length: 30 }, (_, i) => ({ line: i + 1, end: (i + 1) * 20 }));

describe('lineNumberTabStop', () => {
  it('is the first line on screen, not an overscan row above it', () => {
    expect(lineNumberTabStop(rows, 0, null)).toBe(1);
    expect(lineNumberTabStop(rows, 100, null)).toBe(6);
    expect(lineNumberTabStop(rows, 110, null)).toBe(6);
  });

  it('is the line last focused while that row is drawn', () => {
    expect(lineNumberTabStop(rows, 100, 3)).toBe(3);
    expect(lineNumberTabStop(rows, 100, 300)).toBe(6);
  });

  it('is null without rows', () => {
    expect(lineNumberTabStop([], 0, 4)).toBeNull();
  });
});

describe('nextLineNumberItem', () => {
  it('moves one row with the arrows, to the ends with Home and End, and stays within the rows', () => {
    expect(nextLineNumberItem('ArrowDown', 4, 10)).toBe(5);
    expect(nextLineNumberItem('ArrowUp', 4, 10)).toBe(3);
    expect(nextLineNumberItem('ArrowUp', 0, 10)).toBe(0);
    expect(nextLineNumberItem('ArrowDown', 9, 10)).toBe(9);
    expect(nextLineNumberItem('Home', 4, 10)).toBe(0);
    expect(nextLineNumberItem('End', 4, 10)).toBe(9);
    expect(nextLineNumberItem('Enter', 4, 10)).toBeNull();
  });
});
