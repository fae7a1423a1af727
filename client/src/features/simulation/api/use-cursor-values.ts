import { useEffect, useState } from 'react';
import { getWaveform } from '@/lib/api/simulations';
import type { SummaryLayers } from './use-waveform-summaries';

/** Signals asked for in one request (the contract's maximum). */
const SIGNALS_PER_REQUEST = 64;
/** The cursor settles this long before its values are asked for (arrow keys repeat). */
const SETTLE_MS = 80;

/** A value the gateway gave for one instant. */
export interface ValueAt {
  time: number;
  value: string;
}

/**
 * The exact value at the cursor of each dense signal whose changes around the cursor are not held: a
 * summary says how much changes, not what the value is at an instant, so the gateway is asked (a range
 * of one instant: its answer's value at `from`). A newer cursor cancels the older request.
 */
export function useCursorValues(simulationId: string, dense: ReadonlyMap<string, SummaryLayers>, cursor: number) {
  const [values, setValues] = useState<ReadonlyMap<string, ValueAt>>(new Map());
  const [error, setError] = useState<unknown>();
  const key = [...dense]
    .filter(([, layers]) => !(layers.window && layers.window.from <= cursor && cursor <= layers.window.to))
    .map(([id]) => id)
    .join(',');
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const asks = [];
      for (let at = 0; at < ids.length; at += SIGNALS_PER_REQUEST) {
        const batch = ids.slice(at, at + SIGNALS_PER_REQUEST);
        asks.push(getWaveform(simulationId, batch, cursor, batch.length, cursor, controller.signal));
      }
      Promise.all(asks)
        .then((answers) => {
          setValues((before) => {
            const next = new Map(before);
            for (const answer of answers)
              for (const signal of answer.signals) next.set(signal.id, { time: cursor, value: signal.initial });
            return next;
          });
        })
        .catch((failure: unknown) => {
          if (!controller.signal.aborted) setError(failure);
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [simulationId, key, cursor]);
  return { values, error };
}
