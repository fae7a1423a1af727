import { useEffect, useRef, useState } from 'react';
import { useUnmountSignal } from '@/hooks/use-unmount-signal';
import { getWaveform, getWaveformSummary, MAX_SUMMARY_COLUMNS } from '@/lib/api/simulations';
import type { SignalSummary, WaveformSummary } from '@/lib/api/schemas';
import { ChangeBuffer, type HeldChanges } from '../waveform/change-buffer';
import { pieceChanges } from '../waveform/loaded-signal';
import { changesBetween, type BucketSummary } from '../waveform/summary';

/** Signals asked for in one request (the contract's maximum). */
const SIGNALS_PER_REQUEST = 64;
/** Buckets of the whole run's summary, read once per signal when it is shown. */
const OVERVIEW_COLUMNS = 2048;
/** A signal with at most this many changes in the whole run is read change by change (useWaveformData). */
export const FULL_READ_CHANGES = 50_000;
/** A view's range holding fewer changes of a signal than this has them read one by one (exact drawing). */
const WINDOW_CHANGES = 4_000;
/**
 * Pans and zooms settle this long before the view's summary is asked for: longer than the viewer's state
 * takes to hear of a moving view (200 ms), so a continuing pan or zoom asks nothing and its frames are the
 * canvas's alone.
 */
const SETTLE_MS = 250;

export interface SummaryView {
  start: number;
  end: number;
  width: number;
}

/** What is known of one dense signal: the run's summary, the view's, and its changes around the view. */
export interface SummaryLayers {
  overview?: BucketSummary;
  detail?: BucketSummary;
  window?: { from: number; to: number; changes: HeldChanges };
}

const bucketsOf = (answer: Pick<WaveformSummary, 'from' | 'to' | 'columns'>, signal: SignalSummary): BucketSummary => ({
  from: answer.from,
  to: answer.to,
  columns: answer.columns,
  initial: signal.initial,
  last: signal.last,
  counts: signal.counts,
  min: signal.min,
  max: signal.max,
  starts: signal.starts,
});

/** Every signal's changes in the whole run, from its overview (the run's first value counts as one). */
export const totalChanges = (summary: BucketSummary) => summary.counts.reduce((sum, count) => sum + count, 1);

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += SIGNALS_PER_REQUEST) out.push(items.slice(at, at + SIGNALS_PER_REQUEST));
  return out;
}

/**
 * Summaries of the shown signals: each one's whole run once (it says whether the signal is small enough to
 * read change by change), and for the dense ones the view's range and as much again on either side at the
 * view's resolution, asked for when a pan or zoom settles (a newer view cancels an older request; the last
 * answer stays drawn meanwhile). Where the view holds few changes, they are read one by one too.
 */
export function useWaveformSummaries(
  simulationId: string,
  shownIds: readonly string[],
  endTime: number,
  view: SummaryView | undefined,
) {
  const [layers, setLayers] = useState<ReadonlyMap<string, SummaryLayers>>(new Map());
  const [error, setError] = useState<unknown>();
  const held = useRef(new Map<string, SummaryLayers>());
  const asked = useRef(new Set<string>());
  // The overviews' reads: each signal's is asked for once, whatever is shown or hidden later; they stop with the page.
  const unmounted = useUnmountSignal();
  const publish = () => setLayers(new Map(held.current));

  // The whole run's summary of each newly shown signal.
  useEffect(() => {
    const missing = shownIds.filter((id) => !asked.current.has(id));
    if (!missing.length) return;
    missing.forEach((id) => asked.current.add(id));
    void Promise.all(
      batches(missing).map(async (batch) => {
        try {
          const answer = await getWaveformSummary(simulationId, batch, 0, endTime, OVERVIEW_COLUMNS, unmounted);
          for (const signal of answer.signals)
            held.current.set(signal.id, { ...held.current.get(signal.id), overview: bucketsOf(answer, signal) });
          publish();
        } catch (failure) {
          if (unmounted.aborted) return;
          batch.forEach((id) => asked.current.delete(id));
          setError(failure);
        }
      }),
    );
  }, [simulationId, shownIds, endTime, unmounted]);

  // The view's summary (and changes, where few) of the dense signals, once the view settles.
  const denseKey = shownIds
    .filter((id) => {
      const overview = layers.get(id)?.overview;
      return overview && totalChanges(overview) > FULL_READ_CHANGES;
    })
    .join(',');
  const { start = 0, end = 0, width = 0 } = view ?? {};
  useEffect(() => {
    if (!denseKey || width <= 0 || end <= start) return;
    const dense = denseKey.split(',');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const span = end - start;
      const from = Math.max(0, Math.floor(start - span));
      const to = Math.min(endTime, Math.ceil(end + span));
      const columns = Math.max(1, Math.min(MAX_SUMMARY_COLUMNS, Math.round((width * (to - from)) / span)));
      // The whole run at no finer a resolution than its overview: that is already held.
      if (from === 0 && to === endTime && columns <= OVERVIEW_COLUMNS) return;
      const read = async (batch: string[]) => {
        const answer = await getWaveformSummary(simulationId, batch, from, to, columns, controller.signal);
        const few: string[] = [];
        for (const signal of answer.signals) {
          const detail = bucketsOf(answer, signal);
          held.current.set(signal.id, { ...held.current.get(signal.id), detail });
          if (changesBetween(detail, from, to) < WINDOW_CHANGES) few.push(signal.id);
        }
        publish();
        if (!few.length) return;
        const changes = await getWaveform(simulationId, few, from, WINDOW_CHANGES * few.length, to, controller.signal);
        for (const signal of changes.signals) {
          if (signal.truncated) continue;
          const buffer = new ChangeBuffer();
          buffer.append(pieceChanges(signal, from));
          const window = { from, to, changes: buffer.snapshot() };
          held.current.set(signal.id, { ...held.current.get(signal.id), window });
        }
        publish();
      };
      // The effect's cleanup aborts these, on a newer view and on unmount alike.
      Promise.all(batches(dense).map(read)).catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [simulationId, denseKey, endTime, start, end, width]);

  return { layers, error };
}
