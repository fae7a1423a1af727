import { describe, expect, it } from 'vitest';
import { ChangeBuffer, NumericBuffer } from './change-buffer';
import type { SignalChanges } from './changes';
import { pieceChanges } from './loaded-signal';
import { rangeMinMax } from './segments';

const signal = (pairs: [number, string][]): SignalChanges => ({
  times: Float64Array.from(pairs.map(([time]) => time)),
  values: pairs.map(([, value]) => value),
});

/** Ten pieces of a 8-bit counter, each read from the last change of the one before (as the hook reads). */
function tenPieces(perPiece: number): SignalChanges[] {
  const pieces: SignalChanges[] = [];
  let from = 0;
  for (let piece = 0; piece < 10; piece++) {
    const changes: [number, string][] = [];
    for (let i = 1; i <= perPiece; i++) {
      const index = piece * perPiece + i;
      changes.push([index * 10, (index % 256).toString(2).padStart(8, '0')]);
    }
    const initial = ((piece * perPiece) % 256).toString(2).padStart(8, '0');
    pieces.push(pieceChanges({ initial, changes }, from));
    from = changes[changes.length - 1]![0];
  }
  return pieces;
}

describe('ChangeBuffer', () => {
  it('appends a later piece, replacing the overlap', () => {
    const buffer = new ChangeBuffer();
    buffer.append(
      signal([
        [0, '0'],
        [10, '1'],
        [20, '0'],
      ]),
    );
    buffer.append(
      signal([
        [20, '0'],
        [30, '1'],
      ]),
    );
    const held = buffer.snapshot();
    expect(Array.from(held.times)).toEqual([0, 10, 20, 30]);
    expect(held.values.slice(0, held.times.length)).toEqual(['0', '1', '0', '1']);
  });

  it('drops a piece’s starting value when it repeats the one held (ranges read apart)', () => {
    const buffer = new ChangeBuffer();
    buffer.append(signal([[0, '1']]));
    buffer.append(
      signal([
        [500, '1'],
        [600, '0'],
      ]),
    );
    expect(Array.from(buffer.snapshot().times)).toEqual([0, 600]);
  });

  it('adds ten pieces touching each change a bounded number of times, not once per later piece', () => {
    const perPiece = 10_000;
    const buffer = new ChangeBuffer();
    for (const piece of tenPieces(perPiece)) buffer.append(piece);
    const total = buffer.size;
    expect(total).toBe(10 * perPiece + 1);
    // Re-copying what is held on each piece writes ~5.5× the total; doubling growth stays under 3×.
    expect(buffer.elementsWritten).toBeLessThan(3 * total);
  });
});

describe('NumericBuffer', () => {
  it('converts only the new changes of each piece, and agrees with a conversion of the whole', () => {
    const perPiece = 1000;
    const buffer = new ChangeBuffer();
    const numbers = new NumericBuffer({ width: 8, signed: true });
    for (const piece of tenPieces(perPiece)) {
      buffer.append(piece);
      numbers.update(buffer.snapshot());
    }
    const held = buffer.snapshot();
    const trace = numbers.update(held);
    expect(numbers.elementsConverted).toBeLessThan(2 * held.times.length);
    const expected = Array.from({ length: held.times.length }, (_, i) => {
      const code = i % 256;
      return code >= 128 ? code - 256 : code;
    });
    expect(Array.from(trace.values)).toEqual(expected);
    expect([trace.min, trace.max]).toEqual([-128, 127]);
    expect(rangeMinMax(trace, 130, 200)).toEqual([-126, -56]);
    expect(rangeMinMax(trace, 9000, 9100)).toEqual([
      Math.min(...expected.slice(9000, 9101)),
      Math.max(...expected.slice(9000, 9101)),
    ]);
  });
});
