import { describe, expect, it } from 'vitest';
import { createMatcher, findInLine, MatchIndex, scanLines } from './search';

describe('createMatcher / findInLine', () => {
  it('matches literally and case-insensitively', () => {
    const matcher = createMatcher('a.b(')!;
    expect(findInLine('A.B( axb( a.b(', matcher)).toEqual([
      { start: 0, end: 4 },
      { start: 10, end: 14 },
    ]);
    expect(createMatcher('')).toBeNull();
  });
});

describe('MatchIndex', () => {
  it('locates match numbers across lines and finds the first match from a line on', () => {
    const index = new MatchIndex();
    index.add(3, 2);
    index.add(10, 1);
    index.add(11, 0);
    index.add(40, 3);
    expect(index.total).toBe(6);
    expect([0, 1, 2, 3, 5].map((n) => index.locate(n))).toEqual([
      { line: 3, occurrence: 0 },
      { line: 3, occurrence: 1 },
      { line: 10, occurrence: 0 },
      { line: 40, occurrence: 0 },
      { line: 40, occurrence: 2 },
    ]);
    expect(index.locate(6)).toBeNull();
    expect(index.firstAtOrAfter(0)).toBe(0);
    expect(index.firstAtOrAfter(4)).toBe(2);
    expect(index.firstAtOrAfter(40)).toBe(3);
    expect(index.firstAtOrAfter(41)).toBe(0);
  });

  it('grows past its first allocation', () => {
    const index = new MatchIndex();
    for (let line = 0; line < 5000; line++) index.add(line, 2);
    expect(index.total).toBe(10_000);
    expect(index.locate(9_999)).toEqual({ line: 4999, occurrence: 1 });
  });
});

describe('scanLines', () => {
  const lines = ['ok', 'Timing met', 'timing TIMING', '\u001b[31mtiming\u001b[0m', '\u001b[1mnothing', 'x'];

  it('counts matches per line on the text without escapes', () => {
    const index = new MatchIndex();
    expect(scanLines(lines, createMatcher('timing')!, index, 0, () => false)).toBe(lines.length);
    expect(index.total).toBe(4);
    expect(index.locate(3)).toEqual({ line: 3, occurrence: 0 });
  });

  it('does not count a hit inside an escape sequence', () => {
    const index = new MatchIndex();
    scanLines(lines, createMatcher('1m')!, index, 0, () => false);
    expect(index.total).toBe(0);
  });

  it('stops when told to yield and resumes where it stopped', () => {
    const many = Array.from({ length: 5000 }, (_, i) => (i % 2 ? `line ${i} needle` : `line ${i}`));
    const index = new MatchIndex();
    const matcher = createMatcher('NEEDLE')!;
    const next = scanLines(many, matcher, index, 0, () => true);
    expect(next).toBe(1024);
    expect(index.total).toBe(512);
    expect(scanLines(many, matcher, index, next, () => false)).toBe(5000);
    expect(index.total).toBe(2500);
  });
});
