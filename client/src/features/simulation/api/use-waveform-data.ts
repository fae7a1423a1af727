import { useEffect, useRef, useState } from 'react';
import { getWaveform } from '@/lib/api/simulations';
import { appendChanges, type SignalChanges } from '../waveform/changes';
import { pieceChanges } from '../waveform/loaded-signal';

/** Signals asked for in one request (the contract's maximum). */
const SIGNALS_PER_REQUEST = 64;
/** Changes kept per signal: beyond, the rest of the run is not read (the VCD download has it all). */
export const MAX_CHANGES_PER_SIGNAL = 4_000_000;

export interface WaveformData {
  traces: ReadonlyMap<string, SignalChanges>;
  /** Signals whose changes are still being read (a large run arrives in pieces, drawn as they come). */
  reading: number;
  error: unknown;
}

/**
 * Reads the changes of the shown signals, each once: asks for all of them from the start, and for any
 * answer cut short (`truncated`) asks again from its last change until the run's end. A signal hidden and
 * shown again is not read twice; one whose read failed is asked for again when shown again.
 */
export function useWaveformData(simulationId: string, shownIds: readonly string[]): WaveformData {
  const [traces, setTraces] = useState<ReadonlyMap<string, SignalChanges>>(new Map());
  const [reading, setReading] = useState(0);
  const [error, setError] = useState<unknown>();
  const held = useRef(new Map<string, SignalChanges>());
  const asked = useRef(new Set<string>());
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    const missing = shownIds.filter((id) => !asked.current.has(id));
    if (missing.length === 0) return;
    missing.forEach((id) => asked.current.add(id));

    const read = async (ids: string[], from: number): Promise<void> => {
      const answer = await getWaveform(simulationId, ids, from);
      if (!alive.current) return;
      const more: { id: string; from: number }[] = [];
      for (const signal of answer.signals) {
        const changes = signal.changes.map(([time, value]) => [Number(time), String(value)] as [number, string]);
        const piece = pieceChanges({ initial: signal.initial, changes }, from);
        const before = held.current.get(signal.id);
        held.current.set(signal.id, before ? appendChanges(before, piece) : piece);
        const last = changes.length ? changes[changes.length - 1]![0] : from;
        const count = held.current.get(signal.id)!.times.length;
        if (signal.truncated && last > from && count < MAX_CHANGES_PER_SIGNAL) more.push({ id: signal.id, from: last });
      }
      setTraces(new Map(held.current));
      // Each signal cut short continues from its own last change.
      for (const next of more) await read([next.id], next.from);
    };

    setReading((count) => count + missing.length);
    void (async () => {
      for (let at = 0; at < missing.length; at += SIGNALS_PER_REQUEST) {
        const batch = missing.slice(at, at + SIGNALS_PER_REQUEST);
        try {
          await read(batch, 0);
        } catch (failure) {
          batch.forEach((id) => asked.current.delete(id));
          if (alive.current) setError(failure);
        }
        if (alive.current) setReading((count) => count - batch.length);
      }
    })();
  }, [simulationId, shownIds]);

  return { traces, reading, error };
}
