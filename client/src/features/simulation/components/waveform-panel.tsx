import { useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import type { SimulationSignals } from '@/lib/api/schemas';
import { findChange } from '../api/find-change';
import { useCursorValues } from '../api/use-cursor-values';
import { useWaveformData } from '../api/use-waveform-data';
import {
  FULL_READ_CHANGES,
  totalChanges,
  useWaveformSummaries,
  type SummaryLayers,
  type SummaryView,
} from '../api/use-waveform-summaries';
import type { HeldChanges } from '../waveform/change-buffer';
import { WaveformViewer } from './waveform-viewer';

/**
 * The viewer fed from the API: each shown signal's whole-run summary first; a signal with few changes is
 * then read change by change, a dense one drawn from summaries of the view (and read change by change
 * only where the view holds few), its value at the cursor asked of the gateway when not held.
 */
export function WaveformPanel({
  simulationId,
  signals,
  stimulus,
}: {
  simulationId: string;
  signals: SimulationSignals;
  /** A stimulus run (its probes open shown). */
  stimulus: boolean;
}) {
  const [shown, setShown] = useState<string[]>([]);
  const [view, setView] = useState<SummaryView>();
  const [cursor, setCursor] = useState(0);
  const [jumpError, setJumpError] = useState<unknown>();
  const summaries = useWaveformSummaries(simulationId, shown, signals.end_time, view);
  const { layers } = summaries;
  const small = useMemo(
    () =>
      shown.filter((id) => {
        const overview = layers.get(id)?.overview;
        return overview !== undefined && totalChanges(overview) <= FULL_READ_CHANGES;
      }),
    [shown, layers],
  );
  const smallKey = small.join(',');
  const smallIds = useMemo(() => (smallKey ? smallKey.split(',') : []), [smallKey]);
  const { traces: full, reading, error } = useWaveformData(simulationId, smallIds, signals.end_time);
  const dense = useMemo(() => {
    const map = new Map<string, SummaryLayers>();
    for (const id of shown) {
      const entry = layers.get(id);
      if (entry?.overview && totalChanges(entry.overview) > FULL_READ_CHANGES) map.set(id, entry);
    }
    return map;
  }, [shown, layers]);
  const traces = useMemo(() => {
    const all = new Map<string, HeldChanges>(full);
    for (const [id, entry] of dense) if (entry.window) all.set(id, entry.window.changes);
    return all;
  }, [full, dense]);
  const cursorValues = useCursorValues(simulationId, dense, cursor);
  const waiting = shown.filter((id) => !layers.get(id)?.overview).length;
  const failure = error ?? summaries.error ?? cursorValues.error ?? jumpError;
  return (
    <>
      <WaveformViewer
        signals={signals.signals}
        endTime={signals.end_time}
        traces={traces}
        dense={dense}
        cursorValues={cursorValues.values}
        onShownChange={setShown}
        findChange={(ids, time, direction) =>
          findChange(simulationId, ids, time, direction).catch((failed: unknown) => {
            setJumpError(failed);
            return undefined;
          })
        }
        onViewChange={(next, at) => {
          setView(next);
          setCursor(at);
        }}
        showProbes={stimulus}
      />
      <p className="field-hint" aria-live="polite">
        {reading + waiting > 0
          ? `Reading the changes of ${reading + waiting} signal${reading + waiting === 1 ? '' : 's'}…`
          : ''}
      </p>
      {failure ? (
        <p className="field-error" role="alert">
          {errorMessage(failure, 'Some changes could not be read.')}
        </p>
      ) : null}
    </>
  );
}
