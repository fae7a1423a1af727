import { Link } from 'react-router-dom';
import { DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/spinner';
import { useNow } from '@/hooks/use-now';
import { errorMessage } from '@/lib/api/error-message';
import { formatDateTime, formatDuration, formatRelative, shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { isActiveSimulation } from '../api/use-simulation';
import { useProjectSimulations } from '../api/use-project-simulations';
import { SIMULATION_STATUS_TEXT, simulationSummary } from '../utils/simulation-summary';
import { CancelSimulationButton } from './cancel-simulation-button';
import './simulation-status.css';
import './simulation-list.css';

/** Newest first, as the server lists them (like the build list, it does not sort). */
const SIMULATION_COLUMNS = [
  { label: 'SIMULATION' },
  { label: 'STATUS' },
  { label: 'WHAT RAN' },
  { label: 'STARTED' },
  { label: 'DURATION' },
];

/**
 * A project's simulations, newest first, in the build list's table: short id (a link to the run's page),
 * status, what ran, when it was started and how long it took (counting up while it runs), the
 * failure's first words on a failed run, and Cancel on a queued or running one.
 */
export function SimulationList({ projectId }: { projectId: string }) {
  const { data: simulations, error, isLoading, isValidating, mutate } = useProjectSimulations(projectId);
  const now = useNow(simulations?.some(isActiveSimulation) ?? false);

  if (isLoading && !error) return <Spinner label="Loading simulations" />;
  if (!simulations) {
    return (
      <LoadError
        message={errorMessage(error, 'The simulations could not be loaded.')}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    );
  }
  if (simulations.length === 0) {
    return (
      <div className="simulation-list-empty">
        <p>No simulations yet.</p>
        <p className="field-hint">
          Open the project in the <Link to={paths.editor(projectId)}>editor</Link> and press Simulate (or F9) to run its
          first simulation.
        </p>
      </div>
    );
  }

  return (
    <div className="simulation-list">
      <DataTable caption="Simulations, newest first" className="card-table" columns={SIMULATION_COLUMNS}>
        {simulations.map((simulation) => (
          <tr key={simulation.id} data-simulation-id={simulation.id}>
            <th scope="row">
              <Link
                to={paths.simulation(projectId, simulation.id)}
                className="simulation-list-id"
                aria-label={`Simulation ${shortBuildId(simulation.id)}`}
              >
                {shortBuildId(simulation.id)}
              </Link>
            </th>
            <td data-label="Status">
              <span className={`simulation-status-${simulation.status}`}>
                {SIMULATION_STATUS_TEXT[simulation.status]}
              </span>
              {simulation.failure ? (
                <span className="simulation-list-failure" title={simulation.failure.message}>
                  {simulation.failure.file && simulation.failure.line
                    ? `${simulation.failure.file}:${simulation.failure.line}: `
                    : ''}
                  {simulation.failure.message}
                </span>
              ) : null}
            </td>
            <td data-label="What ran">{simulationSummary(simulation)}</td>
            <td data-label="Started">
              <time dateTime={simulation.created_at} title={formatRelative(simulation.created_at, now)}>
                {formatDateTime(simulation.created_at)}
              </time>
            </td>
            <td data-label="Duration">{formatDuration(simulation.started_at, simulation.finished_at, now) ?? '—'}</td>
            <td className="card-table-actions">
              {isActiveSimulation(simulation) ? <CancelSimulationButton simulationId={simulation.id} /> : null}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
