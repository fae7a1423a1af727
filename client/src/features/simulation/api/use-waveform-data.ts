import { useEffect, useRef, useState } from 'react';
import { useUnmountSignal } from '@/hooks/use-unmount-signal';
import { getWaveform } from '@/lib/api/simulations';
import { ChangeBuffer, type HeldChanges } from '../waveform/change-buffer';
import type { SignalChanges } from '../waveform/changes';
import { pieceChanges } from '../waveform/loaded-signal';

/** Signals asked for in one request (the contract's maximum). */
const SIGNALS_PER_REQUEST = 64;
/** Changes kept per signal: beyond, the rest of the run is not read (the VCD download has it all). */
export const MAX_CHANGES_PER_SIGNAL = 4_000_000;
/** Time ranges of the run read side by side: the answers' parsing overlaps the others' transfer. */
const PARALLEL_RANGES = 4;

export interface WaveformData {
  traces: ReadonlyMap<string, HeldChanges>;
  /** Signals whose changes are still being read (a large run arrives in pieces, drawn as they come). */
  reading: number;
  error: unknown;
}

/** One signal's reading: a buffer, and the pieces of each time range waiting for the ranges before it. */
interface Reading {
  buffer: ChangeBuffer;
  waiting: SignalChanges[][];
  finished: boolean[];
  /** The range whose pieces are appended next. */
  next: number;
  received: number;
}

/** Appends, in time order, every piece whose earlier ranges are all in. */
function flush(reading: Reading): void {
  while (reading.next < reading.waiting.length) {
    for (const piece of reading.waiting[reading.next]!.splice(0)) reading.buffer.append(piece);
    if (!reading.finished[reading.next]) return;
    reading.next++;
  }
}

/**
 * Reads the changes of the shown signals, each once: splits the run into time ranges read in parallel, and
 * for any answer cut short (`truncated`) asks again from its last change until the range's end. A signal
 * hidden and shown again is not read twice; one whose read failed is asked for again when shown again.
 */
export function useWaveformData(simulationId: string, shownIds: readonly string[], endTime: number): WaveformData {
  const [traces, setTraces] = useState<ReadonlyMap<string, HeldChanges>>(new Map());
  const [reading, setReading] = useState(0);
  const [error, setError] = useState<unknown>();
  const held = useRef(new Map<string, HeldChanges>());
  const asked = useRef(new Set<string>());
  // Not the effect's cleanup: a read goes on while other signals are shown or hidden, and stops with the page.
  const unmounted = useUnmountSignal();

  useEffect(() => {
    const missing = shownIds.filter((id) => !asked.current.has(id));
    if (missing.length === 0) return;
    missing.forEach((id) => asked.current.add(id));
    const ranges = endTime > PARALLEL_RANGES ? PARALLEL_RANGES : 1;
    const bounds = Array.from({ length: ranges + 1 }, (_, k) => Math.floor((endTime * k) / ranges));

    const readRange = async (readings: Map<string, Reading>, ids: string[], range: number, from: number) => {
      const last = range === ranges - 1;
      const to = bounds[range + 1]!;
      const answer = await getWaveform(simulationId, ids, from, undefined, last ? undefined : to, unmounted);
      if (unmounted.aborted) return;
      const more: { id: string; from: number }[] = [];
      for (const signal of answer.signals) {
        const state = readings.get(signal.id);
        if (!state) continue;
        // A range ends before the next one's start (that one's initial value holds from there); a server that
        // answered past `to` has told all of this range.
        let count = signal.changes.length;
        while (!last && count > 0 && Number(signal.changes[count - 1]![0]) >= to) count--;
        state.waiting[range]!.push(pieceChanges(signal, from, count));
        state.received += count;
        const end = count ? Number(signal.changes[count - 1]![0]) : from;
        const cut = signal.truncated && count === signal.changes.length && end > from;
        if (cut && state.received < MAX_CHANGES_PER_SIGNAL) more.push({ id: signal.id, from: end });
        else state.finished[range] = true;
        flush(state);
        held.current.set(signal.id, state.buffer.snapshot());
      }
      setTraces(new Map(held.current));
      // Each signal cut short continues from its own last change.
      await Promise.all(more.map((next) => readRange(readings, [next.id], range, next.from)));
    };

    setReading((count) => count + missing.length);
    void (async () => {
      for (let at = 0; at < missing.length; at += SIGNALS_PER_REQUEST) {
        const batch = missing.slice(at, at + SIGNALS_PER_REQUEST);
        const readings = new Map<string, Reading>(
          batch.map((id) => [
            id,
            {
              buffer: new ChangeBuffer(),
              waiting: bounds.slice(1).map(() => []),
              finished: bounds.slice(1).map(() => false),
              next: 0,
              received: 0,
            },
          ]),
        );
        try {
          await Promise.all(bounds.slice(0, -1).map((from, range) => readRange(readings, batch, range, from)));
        } catch (failure) {
          if (unmounted.aborted) return;
          batch.forEach((id) => asked.current.delete(id));
          setError(failure);
        }
        setReading((count) => count - batch.length);
      }
    })();
  }, [simulationId, shownIds, endTime, unmounted]);

  return { traces, reading, error };
}
