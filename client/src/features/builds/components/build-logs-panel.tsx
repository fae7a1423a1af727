import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { BuildStatusIcon, buildStatusLabel } from '@/components/build-status-icon';
import { LogViewer } from '@/components/log-viewer/log-viewer';
import { errorMessage } from '@/lib/api/error-message';
import { isActiveBuild, type Build } from '@/lib/api/schemas';
import { formatDateTime, shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useLatestBuild } from '../api/use-latest-build';
import { useFollowedBuild } from '../hooks/use-followed-build';
import { useLogsPanelExpanded } from '../hooks/use-logs-panel-expanded';
import { usePanelHeight } from '../hooks/use-panel-height';
import { BUILD_STAGES, logOutcome, skippedStages } from '../utils/build-stages';
import { diagnosticSummary } from '../utils/diagnostic-counts';
import { ArtifactsMenu } from './artifacts-menu';
import { BuildProgress } from './build-progress';
import { CancelBuildButton } from './cancel-build-button';
import './builds.css';

export interface BuildLogsPanelProps {
  projectId: string;
  /** An error or warning line naming `file:line` was clicked: open that file at that line. */
  onOpenFileLocation(file: string, line: number): void;
}

/**
 * The editor's bottom Build Logs panel: the latest build's log, followed live as it grows and switching to
 * a newly queued build, with the stage bar IP → SYNTHESIS → ROUTE → BITSTREAM, Follow Log, Wrap lines,
 * scroll to top/bottom and search (all from the shared LogViewer). Its header is where a build is watched:
 * the build (a link to its page), its status and stage in step with the log, Cancel while it runs, and the
 * artifacts once it is done. Folded until the project's first build, opened when a build starts,
 * collapsible (a button with aria-expanded) and resizable (a separator handle: drag, or arrows / Home / End).
 */
export function BuildLogsPanel({ projectId, onOpenFileLocation }: BuildLogsPanelProps) {
  const { data: build, error, mutate } = useLatestBuild(projectId);
  const [expanded, toggle] = useLogsPanelExpanded(build);
  if (build) {
    return (
      <FollowedBuildPanel
        key={build.id}
        projectId={projectId}
        build={build}
        refresh={() => mutate()}
        expanded={expanded}
        onToggle={toggle}
        onOpenFileLocation={onOpenFileLocation}
      />
    );
  }
  return (
    <PanelFrame expanded={expanded} onToggle={toggle}>
      {error ? (
        <p className="error-text build-logs-note" role="alert">
          {errorMessage(error, 'The latest build could not be loaded.')}
        </p>
      ) : build === null ? (
        <p className="build-muted build-logs-note">No build history. Build the project to see its log here.</p>
      ) : null}
    </PanelFrame>
  );
}

interface FollowedBuildPanelProps {
  projectId: string;
  build: Build;
  refresh(): Promise<unknown>;
  expanded: boolean;
  onToggle(): void;
  onOpenFileLocation(file: string, line: number): void;
}

function FollowedBuildPanel({
  projectId,
  build,
  refresh,
  expanded,
  onToggle,
  onOpenFileLocation,
}: FollowedBuildPanelProps) {
  // A finished build's log is read only when it is shown; a running one's always (the header follows it).
  const { log, shown } = useFollowedBuild(build, refresh, { follow: expanded || isActiveBuild(build) });
  const shortId = shortBuildId(build.id);
  const active = shown.status === 'queued' || shown.status === 'running';
  const summary = (
    <>
      <span className="build-logs-build" aria-live="polite">
        <BuildStatusIcon status={shown.status} size={16} />
        <span>
          <Link
            to={paths.buildDetail(projectId, build.id)}
            className="build-id"
            title={`Queued at ${formatDateTime(build.queued_at)}`}
          >
            Build {shortId}
          </Link>{' '}
          · {buildStatusLabel(shown.status)}
        </span>
        <BuildProgress build={shown} />
        {!active && build.diagnostics && build.diagnostics.length > 0 && (
          <span className="build-progress">{diagnosticSummary(build.diagnostics, shown.status)}</span>
        )}
      </span>
      <span className="build-logs-actions">
        {active && isActiveBuild(build) && <CancelBuildButton buildId={build.id} />}
        {!active && <ArtifactsMenu build={build} />}
      </span>
    </>
  );
  let body: ReactNode = null;
  if (log.error !== undefined && log.lines.length === 0) {
    body = (
      <p className="error-text build-logs-note" role="alert">
        {errorMessage(log.error, 'The build log could not be loaded.')}
      </p>
    );
  } else if (expanded) {
    body = (
      <LogViewer
        lines={log.lines}
        complete={log.complete || (!isActiveBuild(build) && log.lines.length === 0 && !log.loading)}
        outcome={logOutcome(shown.status)}
        expectedStages={BUILD_STAGES}
        skippedStages={skippedStages(build)}
        onOpenLocation={onOpenFileLocation}
        downloadName={`build-${shortId}.log`}
        label={`Log of build ${shortId}`}
      />
    );
  }
  return (
    <PanelFrame expanded={expanded} onToggle={onToggle} summary={summary}>
      {body}
    </PanelFrame>
  );
}

interface PanelFrameProps {
  expanded: boolean;
  onToggle(): void;
  /** The build's line in the header, beside the title. */
  summary?: ReactNode;
  children: ReactNode;
}

/** The panel's frame: resize handle, the header with the fold button, and the body. */
function PanelFrame({ expanded, onToggle, summary, children }: PanelFrameProps) {
  const bodyId = useId();
  const titleId = useId();
  const { height, min, max, handleProps } = usePanelHeight('build-logs-panel-height');
  return (
    <section className="build-logs-panel" aria-labelledby={titleId}>
      {expanded && (
        <div
          role="separator"
          aria-orientation="horizontal"
          aria-label="Resize Build Logs"
          aria-controls={bodyId}
          aria-valuenow={height}
          aria-valuemin={min}
          aria-valuemax={max}
          // A focusable separator is a widget: the keyboard resizes the panel.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="build-logs-resize"
          title="Drag to resize (or use the arrow keys)"
          {...handleProps}
        />
      )}
      <div className="build-logs-header">
        <h2 className="build-logs-title" id={titleId}>
          <button
            type="button"
            className="build-logs-toggle"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={onToggle}
          >
            {expanded ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronUp size={16} aria-hidden="true" />}
            Build Logs
          </button>
        </h2>
        {summary}
      </div>
      <div id={bodyId} className="build-logs-body" style={{ height }} hidden={!expanded}>
        {children}
      </div>
    </section>
  );
}
