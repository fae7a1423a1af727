import { getWaveform, getWaveformSummary, MAX_SUMMARY_COLUMNS, WAVEFORM_PAGE_CHANGES } from '@/lib/api/simulations';

/** Summaries narrowing in on a previous change at most this many times (each divides the range by 4096). */
const MAX_ROUNDS = 6;

/** The first change of any of `ids` after `time`, asked of the gateway (one change per signal). */
async function nextChangeOf(simulationId: string, ids: readonly string[], time: number): Promise<number | undefined> {
  const answer = await getWaveform(simulationId, ids, time, ids.length);
  const firsts = answer.signals.flatMap((signal) => (signal.changes.length ? [Number(signal.changes[0]![0])] : []));
  return firsts.length ? Math.min(...firsts) : undefined;
}

/**
 * The last change of `id` before `time`: the last bucket with changes of a summary up to it, then that bucket's
 * changes (or, when it holds too many, a summary of it in turn).
 */
async function previousChangeOf(simulationId: string, id: string, time: number): Promise<number | undefined> {
  let from = 0;
  const to = Math.ceil(time) - 1;
  for (let round = 0; round < MAX_ROUNDS && to > from; round++) {
    const summary = await getWaveformSummary(simulationId, [id], from, to, MAX_SUMMARY_COLUMNS);
    const { counts } = summary.signals[0]!;
    const bucket = counts.findLastIndex((count) => count > 0);
    if (bucket < 0) return undefined;
    // Changes counted in the bucket are at or after its start: read from just before it.
    const start = Math.max(from, Math.floor(from + (bucket * (to - from)) / summary.columns) - 1);
    const answer = await getWaveform(simulationId, [id], start, WAVEFORM_PAGE_CHANGES, to);
    const { changes, truncated } = answer.signals[0]!;
    if (!truncated) return changes.length ? Number(changes.at(-1)![0]) : undefined;
    from = start;
  }
  return undefined;
}

/**
 * The nearest value change of any of `ids` after (`next`) or before (`previous`) `time`, found by the gateway:
 * for signals whose changes there are not held, only summarised.
 */
export async function findChange(
  simulationId: string,
  ids: readonly string[],
  time: number,
  direction: 'next' | 'previous',
): Promise<number | undefined> {
  if (!ids.length) return undefined;
  if (direction === 'next') return nextChangeOf(simulationId, ids, time);
  const found = await Promise.all(ids.map((id) => previousChangeOf(simulationId, id, time)));
  const times = found.filter((at): at is number => at !== undefined);
  return times.length ? Math.max(...times) : undefined;
}
