import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BuildStatusIcon, buildStatusLabel } from '@/components/build-status-icon';
import { CopyButton } from '@/components/copy-button';
import { LogViewer } from '@/components/log-viewer/log-viewer';
import type { LineRange } from '@/components/log-viewer/line-range';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import { isActiveBuild, type Build } from '@/lib/api/schemas';
import { formatDateTime, formatDuration, shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useBuildConfigs } from '@/lib/api/build-configs';
import { useBuildDetails } from '../api/use-build-details';
import { useFollowedBuild } from '../hooks/use-followed-build';
import { useNow } from '@/hooks/use-now';
import { BUILD_STAGES, logOutcome, skippedStages } from '../utils/build-stages';
import { hardwareName, targetName } from '../utils/config-summary';
import { findErrorLocation } from '../utils/error-location';
import { ArtifactList } from './artifact-list';
import { BuildDiagnostics } from './build-diagnostics';
import { BuildProgress } from './build-progress';
import { CancelBuildButton } from './cancel-build-button';
import './builds.css';

export interface BuildDetailProps {
  buildId: string;
  /** The selected log lines (a permalink), or null. */
  highlight: LineRange | null;
  /** A line number was clicked: put the selection in the URL. */
  onHighlightChange(range: LineRange): void;
  /** An error or warning line naming `file:line` was clicked. */
  onOpenFileLocation(file: string, line: number): void;
}

const STAGE_STATUS_TEXT = {
  pending: 'Pending',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  skipped: 'Skipped',
} as const;

/** One build: status, per-stage timings, configuration, artifacts and the full log (live while it runs). */
export function BuildDetail({ buildId, highlight, onHighlightChange, onOpenFileLocation }: BuildDetailProps) {
  const { data: build, error, isLoading, isValidating, mutate } = useBuildDetails(buildId);
  if (isLoading && !error) return <Spinner label="Loading build" />;
  if (!build) {
    return (
      <LoadError
        message={errorMessage(error, 'The build could not be loaded.')}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    );
  }
  return (
    <BuildDetailView
      build={build}
      refresh={() => mutate()}
      highlight={highlight}
      onHighlightChange={onHighlightChange}
      onOpenFileLocation={onOpenFileLocation}
    />
  );
}

type BuildDetailViewProps = Omit<BuildDetailProps, 'buildId'> & { build: Build; refresh(): Promise<unknown> };

function BuildDetailView({ build, refresh, highlight, onHighlightChange, onOpenFileLocation }: BuildDetailViewProps) {
  const { data: options } = useBuildConfigs();
  const active = isActiveBuild(build);
  const now = useNow(active);
  // The status shown is the one the log shows (the build is read again with each piece of news).
  const { log, shown } = useFollowedBuild(build, refresh);
  const shortId = shortBuildId(build.id);

  // Opened on a permalink: bring the log itself into view (it sits below the summary); the viewer then
  // scrolls to the line. Only on arrival, not when the reader selects lines later.
  const logRef = useRef<HTMLElement>(null);
  const [arrivedOnPermalink] = useState(highlight !== null);
  useEffect(() => {
    if (arrivedOnPermalink) logRef.current?.scrollIntoView({ block: 'start' });
  }, [arrivedOnPermalink]);

  return (
    <article className="build-detail" aria-labelledby="build-detail-title">
      <header className="build-detail-header">
        <h2 id="build-detail-title" className="build-detail-title">
          <BuildStatusIcon status={shown.status} />
          Build {shortId}
        </h2>
        <span className="build-detail-status" aria-live="polite">
          {buildStatusLabel(shown.status)} <BuildProgress build={shown} />
        </span>
        {active && <CancelBuildButton buildId={build.id} />}
      </header>

      <div className="build-detail-facts">
        <section aria-labelledby="build-summary-title">
          <h3 id="build-summary-title" className="build-subtitle">
            Summary
          </h3>
          <dl className="details">
            <dt>Build id</dt>
            {/* Its last 7 characters, as everywhere (spec §9); the whole id is one click away, to copy. */}
            <dd className="build-id-value">
              <code title={build.id}>{shortId}</code>
              <CopyButton text={build.id} what="full build id" fallback={`The full id is ${build.id}.`} />
            </dd>
            <dt>Queued at</dt>
            <dd>{formatDateTime(build.queued_at)}</dd>
            <dt>Started at</dt>
            <dd>{build.started_at ? formatDateTime(build.started_at) : 'Not started'}</dd>
            <dt>Finished at</dt>
            <dd>{build.finished_at ? formatDateTime(build.finished_at) : 'Not finished'}</dd>
            <dt>Duration</dt>
            <dd>{formatDuration(build.started_at, build.finished_at, now) ?? 'Not started'}</dd>
            {build.error && (
              <>
                <dt>Error</dt>
                <dd className="error-text">
                  <ErrorSummary text={build.error} projectId={build.project_id} />
                </dd>
              </>
            )}
          </dl>
        </section>

        <section aria-labelledby="build-config-title">
          <h3 id="build-config-title" className="build-subtitle">
            Configuration
          </h3>
          <dl className="details">
            <dt>Hardware</dt>
            <dd>{hardwareName(build.config.hardware, options)}</dd>
            <dt>Slots</dt>
            <dd>{build.config.slots}</dd>
            <dt>OS version</dt>
            <dd>{build.config.os_version}</dd>
            <dt>Target interface</dt>
            <dd>{targetName(build.config.target, options)}</dd>
            <dt>Output interpolation</dt>
            <dd>{build.config.interpolation ? 'On' : 'Off'}</dd>
          </dl>
        </section>

        <section aria-labelledby="build-artifacts-title">
          <h3 id="build-artifacts-title" className="build-subtitle">
            Artifacts
          </h3>
          <ArtifactList build={build} />
        </section>
      </div>

      {build.diagnostics && (build.diagnostics.length > 0 || !active) && (
        <section aria-labelledby="build-diagnostics-title">
          <h3 id="build-diagnostics-title" className="build-subtitle">
            Errors and warnings
          </h3>
          <BuildDiagnostics
            diagnostics={build.diagnostics}
            status={shown.status}
            onOpenFileLocation={onOpenFileLocation}
          />
        </section>
      )}

      <section aria-labelledby="build-stages-title">
        <h3 id="build-stages-title" className="build-subtitle">
          Stages
        </h3>
        <table className="data-table card-table build-stage-table">
          <thead>
            <tr>
              <th scope="col">STAGE</th>
              <th scope="col">STATUS</th>
              <th scope="col">STARTED</th>
              <th scope="col">DURATION</th>
            </tr>
          </thead>
          <tbody>
            {(build.stages.length > 0
              ? build.stages
              : BUILD_STAGES.map((name) => ({ name, status: 'pending' as const, started_at: null, finished_at: null }))
            ).map((stage) => (
              <tr key={stage.name}>
                <th scope="row">{stage.name}</th>
                <td data-label="Status">{STAGE_STATUS_TEXT[stage.status]}</td>
                <td data-label="Started">{stage.started_at ? formatDateTime(stage.started_at) : '—'}</td>
                <td data-label="Duration">{formatDuration(stage.started_at, stage.finished_at, now) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="build-log-title" className="build-detail-log" ref={logRef}>
        <h3 id="build-log-title" className="build-subtitle">
          Log
        </h3>
        {log.error !== undefined && (
          <p className="error-text" role="alert">
            {errorMessage(log.error, 'The build log could not be loaded.')}
            {log.lines.length > 0 && ' Showing the lines read so far.'}
          </p>
        )}
        <div className="build-detail-log-frame">
          <LogViewer
            lines={log.lines}
            complete={log.complete}
            outcome={logOutcome(shown.status)}
            expectedStages={BUILD_STAGES}
            skippedStages={skippedStages(build)}
            highlight={highlight}
            onHighlightChange={onHighlightChange}
            onOpenLocation={onOpenFileLocation}
            downloadName={`build-${shortId}.log`}
            label={`Log of build ${shortId}`}
          />
        </div>
      </section>
    </article>
  );
}

/** A build's error, its file and line a link that opens the editor there (as the log's error lines do). */
function ErrorSummary({ text, projectId }: { text: string; projectId: string }) {
  const location = findErrorLocation(text);
  if (!location) return <>{text}</>;
  return (
    <>
      {text.slice(0, location.start)}
      <Link
        to={paths.editorAt(projectId, location.file, location.line)}
        className="build-error-location"
        title={`Open ${location.file} at line ${location.line}`}
      >
        {text.slice(location.start, location.end)}
      </Link>
      {text.slice(location.end)}
    </>
  );
}
