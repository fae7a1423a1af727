// A signal's changes as read from GET /api/simulations/{id}/waveform, in the arrays the viewer searches.
import type { SignalChanges } from './changes';

/** One signal of a waveform answer: its value at `from`, then `[time, value]` changes up to `to`. */
export interface WaveformPiece {
  id: string;
  initial: string;
  changes: [number, string][];
  truncated: boolean;
}

/** A piece as sorted arrays; the initial value holds from `from`. */
export function pieceChanges(piece: Pick<WaveformPiece, 'initial' | 'changes'>, from: number): SignalChanges {
  const skipFirst = piece.changes.length > 0 && piece.changes[0]![0] <= from;
  const count = piece.changes.length + (skipFirst ? 0 : 1);
  const times = new Float64Array(count);
  const values: string[] = new Array<string>(count);
  let at = 0;
  if (!skipFirst) {
    times[0] = from;
    values[0] = piece.initial;
    at = 1;
  }
  for (const [time, value] of piece.changes) {
    times[at] = time;
    values[at] = value;
    at++;
  }
  return { times, values };
}
