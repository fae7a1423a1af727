// A signal's changes as read from GET /api/simulations/{id}/waveform, in the arrays the viewer searches.
import type { SignalChanges } from './changes';

/** One signal of a waveform answer: its value at `from`, then `[time, value]` changes up to `to`. */
export interface WaveformPiece {
  id: string;
  initial: string;
  /** As the contract has them: a time and a value, each a number or a string (converted here). */
  changes: [number | string, number | string][];
  truncated: boolean;
}

/**
 * The first `count` changes of a piece (all by default) as sorted arrays; the initial value holds from
 * `from`. Read straight from the answer's tuples, with no copy of them in between (a million changes are
 * read per run).
 */
export function pieceChanges(
  piece: Pick<WaveformPiece, 'initial' | 'changes'>,
  from: number,
  count = piece.changes.length,
): SignalChanges {
  const { changes } = piece;
  const skipFirst = count > 0 && Number(changes[0]![0]) <= from;
  const length = count + (skipFirst ? 0 : 1);
  const times = new Float64Array(length);
  const values: string[] = new Array<string>(length);
  let at = 0;
  if (!skipFirst) {
    times[0] = from;
    values[0] = piece.initial;
    at = 1;
  }
  for (let index = 0; index < count; index++) {
    const change = changes[index]!;
    times[at] = Number(change[0]);
    values[at] = String(change[1]);
    at++;
  }
  return { times, values };
}
