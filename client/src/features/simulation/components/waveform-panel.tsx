import { useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import type { SimulationSignals } from '@/lib/api/schemas';
import { useWaveformData } from '../api/use-waveform-data';
import { WaveformViewer } from './waveform-viewer';

/** The viewer fed from the API: it reads the changes of the signals shown, as they are shown. */
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
  const { traces, reading, error } = useWaveformData(simulationId, shown, signals.end_time);
  return (
    <>
      <WaveformViewer
        signals={signals.signals}
        endTime={signals.end_time}
        traces={traces}
        onShownChange={setShown}
        showProbes={stimulus}
      />
      <p className="field-hint" aria-live="polite">
        {reading > 0 ? `Reading the changes of ${reading} signal${reading === 1 ? '' : 's'}…` : ''}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {errorMessage(error, 'Some changes could not be read.')}
        </p>
      ) : null}
    </>
  );
}
