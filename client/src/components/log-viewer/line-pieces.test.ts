import { describe, expect, it } from 'vitest';
import { splitIntoPieces } from './line-pieces';

describe('splitIntoPieces', () => {
  const segments = [{ text: 'ERROR: ', fg: 'red', bold: true }, { text: 'bad [a.vhd:27] bad' }];

  it('returns the segments as they are without matches or link', () => {
    expect(splitIntoPieces(segments, [], -1, null)).toBe(segments);
  });

  it('cuts at matches across segment boundaries and marks the current one', () => {
    const pieces = splitIntoPieces(
      segments,
      [
        { start: 5, end: 10 },
        { start: 22, end: 25 },
      ],
      1,
      null,
    );
    expect(pieces).toEqual([
      { text: 'ERROR', fg: 'red', bold: true },
      { text: ': ', fg: 'red', bold: true, match: 'match' },
      { text: 'bad', match: 'match' },
      { text: ' [a.vhd:27] ' },
      { text: 'bad', match: 'current' },
    ]);
  });

  it('marks the link range, also where a match overlaps it', () => {
    const pieces = splitIntoPieces(segments, [{ start: 10, end: 13 }], -1, { start: 12, end: 20 });
    expect(pieces.map((p) => [p.text, p.match ?? '', p.link ?? false])).toEqual([
      ['ERROR: ', '', false],
      ['bad', '', false],
      [' [', 'match', false],
      ['a', 'match', true],
      ['.vhd:27', '', true],
      ['] bad', '', false],
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe('ERROR: bad [a.vhd:27] bad');
  });
});
