import { useState } from 'react';
import { CircleStop } from 'lucide-react';
import { unavailableWhile, useFocusAfterRemoval } from '@/lib/focus-place';
import { shortBuildId } from '@/lib/format';
import { useCancelSimulation } from '../api/cancel-simulation';

/**
 * The red Cancel button of a queued or running simulation in the project's list. Failures toast
 * (useCancelSimulation); success shows as the new status, and the button goes with the run's activity:
 * the focus then moves to the row's next control rather than to the page's start (lib/focus-place.ts).
 */
export function CancelSimulationButton({ simulationId }: { simulationId: string }) {
  const cancel = useCancelSimulation();
  const [busy, setBusy] = useState(false);
  const focusAfterRemoval = useFocusAfterRemoval();
  const onClick = async (control: HTMLElement) => {
    focusAfterRemoval(control);
    setBusy(true);
    try {
      await cancel(simulationId);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button-danger simulation-cancel-button"
      aria-label={`Cancel simulation ${shortBuildId(simulationId)}`}
      {...unavailableWhile(busy, (event) => void onClick(event.currentTarget))}
      aria-busy={busy}
    >
      <CircleStop size={16} aria-hidden="true" />
      Cancel
    </button>
  );
}
