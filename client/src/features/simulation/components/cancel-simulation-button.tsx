import { CancelButton } from '@/components/cancel-button';
import { shortBuildId } from '@/lib/format';
import { useCancelSimulation } from '../api/cancel-simulation';
import './simulation-status.css';

/** The Cancel button of a queued or running simulation, in the project's list and on its page; failures toast. */
export function CancelSimulationButton({ simulationId }: { simulationId: string }) {
  const cancel = useCancelSimulation();
  return (
    <CancelButton
      label={`Cancel simulation ${shortBuildId(simulationId)}`}
      cancel={() => cancel(simulationId)}
      className="simulation-cancel-button"
    />
  );
}
