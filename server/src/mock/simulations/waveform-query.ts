import { ApiError, ApiValidationError } from '../../errors.js';
import type { SimulationStore, StoredWaveform } from './simulation-store.js';
import type { Change } from './simulation-types.js';

/** Most signals one waveform answer covers. */
export const MAX_SIGNALS_PER_ANSWER = 64;

/** The last chunk that starts at or before `time` (0 when none does). */
export function chunkAt(starts: readonly number[], time: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The signal ids of a `signals` parameter (each known, 1 to 64 of them) and the range [from, to] asked. */
export function askedRange(waveform: StoredWaveform, query: { signals: string; from: number; to?: number }) {
  const ids = [
    ...new Set(
      query.signals
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0 || ids.length > MAX_SIGNALS_PER_ANSWER) {
    throw new ApiValidationError([
      { loc: ['query', 'signals'], msg: `Ask for 1 to ${MAX_SIGNALS_PER_ANSWER} signal ids`, type: 'value_error' },
    ]);
  }
  const unknown = ids.filter((id) => !waveform.chunkStarts[id]);
  if (unknown.length) throw new ApiError(404, `No signal ${unknown.slice(0, 5).join(', ')} in this simulation`);
  const from = query.from;
  const to = query.to ?? waveform.end_time;
  if (to < from) {
    throw new ApiValidationError([{ loc: ['query', 'to'], msg: 'to must not be before from', type: 'value_error' }]);
  }
  return { ids, from, to };
}

/**
 * The value changes of the asked signals in [from, to]: each signal's value at `from` (x before its
 * first change) and its changes after it, reading only the chunks the range touches; at most
 * `limit` changes in all, shared out in turn so every signal gets its part (one cut short says
 * truncated, and the next answer starts at its last change).
 */
export async function waveformRange(
  store: SimulationStore,
  simulationId: string,
  waveform: StoredWaveform,
  query: { signals: string; from: number; to?: number; limit: number },
) {
  const { ids, from, to } = askedRange(waveform, query);
  const share = Math.max(1, Math.floor(query.limit / ids.length));
  const signals = [];
  for (const id of ids) {
    const starts = waveform.chunkStarts[id]!;
    let initial = 'x';
    const changes: Change[] = [];
    let truncated = false;
    for (let chunk = chunkAt(starts, from); chunk < starts.length && starts[chunk]! <= to && !truncated; chunk++) {
      const [changesOfChunk] = await store.changeChunks(simulationId, id, chunk, chunk + 1);
      for (const change of changesOfChunk ?? []) {
        if (change[0] <= from) initial = change[1];
        else if (change[0] > to) break;
        else if (changes.length >= share) {
          truncated = true;
          break;
        } else changes.push(change);
      }
    }
    signals.push({ id, initial, changes, truncated });
  }
  return { from, to, signals };
}
