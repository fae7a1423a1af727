import { Link } from 'react-router-dom';
import { Download } from 'lucide-react';
import { LogViewer } from '@/components/log-viewer/log-viewer';
import { Spinner } from '@/components/spinner';
import { useFollowedLog } from '@/hooks/use-followed-log';
import { errorMessage } from '@/lib/api/error-message';
import { getSimulationLog, simulationStimulusUrl, simulationVcdUrl } from '@/lib/api/simulations';
import { formatDateTime, shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { isActiveSimulation, useSimulation, useSimulationSignals } from '../api/use-simulation';
import { SIMULATION_STATUS_TEXT, simulationSummary } from '../utils/simulation-summary';
import { CancelSimulationButton } from './cancel-simulation-button';
// In the route's own chunk, not a lazy one of its own: a component that suspends on its first render has
// React hold its reveal back (Suspense's 300 ms fallback throttle), which was a third of the viewer's open
// time on a 1 M-change run (waveform bench); the route's chunk is loaded only for simulation pages anyway.
import { WaveformPanel } from './waveform-panel';
import './simulation-status.css';
import './simulation-page.css';

export interface SimulationPageProps {
  simulationId: string;
  /** A file:line of the log or of the failure opens the editor there. */
  onOpenFileLocation(file: string, line: number): void;
}

/** One simulation run: what ran and how it ended, its log, and its waveforms once it has finished. */
export function SimulationPage({ simulationId, onOpenFileLocation }: SimulationPageProps) {
  const { data: simulation, error, mutate } = useSimulation(simulationId);
  const active = isActiveSimulation(simulation);
  const log = useFollowedLog(simulationId, getSimulationLog, { beforeNews: () => mutate() });
  const finished = simulation !== undefined && !active;
  const signals = useSimulationSignals(simulationId, finished && simulation.status !== 'cancelled');

  if (!simulation) {
    if (error)
      return (
        <p className="error-text" role="alert">
          {errorMessage(error, 'The simulation could not be loaded.')}
        </p>
      );
    return <Spinner label="Loading simulation" />;
  }
  const failure = simulation.failure;
  return (
    <section className="simulation-page" aria-labelledby="simulation-title">
      <header className="simulation-header">
        <h1 id="simulation-title">Simulation {shortBuildId(simulation.id)}</h1>
        <p className={`simulation-status simulation-status-${simulation.status}`} role="status">
          {SIMULATION_STATUS_TEXT[simulation.status]}
        </p>
        <p className="simulation-facts">
          {simulationSummary(simulation)}
          {` at ${simulation.clock_hz / 1e6} MHz · started ${formatDateTime(simulation.created_at)}`}
        </p>
        {active ? <CancelSimulationButton simulationId={simulation.id} /> : null}
        <Link to={paths.simulations(simulation.project_id)}>All simulations of this project</Link>
      </header>
      {failure ? (
        <p className="simulation-failure" role="alert">
          {failure.file && failure.line ? (
            <>
              <button
                type="button"
                className="link-button"
                onClick={() => onOpenFileLocation(failure.file!, failure.line!)}
              >
                {failure.file}:{failure.line}
              </button>
              {': '}
            </>
          ) : null}
          {failure.message}
        </p>
      ) : null}
      {finished && simulation.status !== 'cancelled' ? (
        <nav className="simulation-downloads" aria-label="Downloads">
          <a className="button" href={simulationVcdUrl(simulation.id)} download>
            <Download size={16} aria-hidden="true" /> Download VCD
          </a>
          {simulation.kind === 'stimulus' ? (
            <a className="button" href={simulationStimulusUrl(simulation.id)} download>
              <Download size={16} aria-hidden="true" /> Download stimulus CSV
            </a>
          ) : null}
        </nav>
      ) : null}
      {signals.data ? (
        <WaveformPanel simulationId={simulation.id} signals={signals.data} stimulus={simulation.kind === 'stimulus'} />
      ) : signals.error ? (
        <p className="field-hint">{errorMessage(signals.error, 'This run has no waveform.')}</p>
      ) : null}
      {/* Not a landmark itself: the log viewer is the "Simulation log" region. */}
      <div className="simulation-log">
        <h2>Simulation log</h2>
        <div className="simulation-log-viewer">
          <LogViewer
            key={simulation.id}
            lines={log.lines}
            complete={log.complete}
            label="Simulation log"
            downloadName={`simulation-${shortBuildId(simulation.id)}.log`}
            onOpenLocation={(file, line) => onOpenFileLocation(file, line)}
          />
        </div>
      </div>
    </section>
  );
}
