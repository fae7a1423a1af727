import { useId, useState } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { BuildStatusIcon, buildStatusLabel } from '@/components/build-status-icon';
import { LogViewer } from '@/components/log-viewer/log-viewer';
import { errorMessage } from '@/lib/api/error-message';
import { isActiveBuild, type Build } from '@/lib/api/schemas';
import { shortBuildId } from '@/lib/format';
import { useLatestBuild } from '../api/get-latest-build';
import { useBuildLog } from '../api/get-build-log';
import { usePanelHeight } from '../hooks/use-panel-height';
import { BUILD_STAGES, logOutcome } from '../utils/build-stages';
import { diagnosticSummary } from '../utils/diagnostic-counts';
import { BuildProgress } from './build-progress';
import './builds.css';

export interface BuildLogsPanelProps {
  projectId: string;
  /** An error or warning line naming `file:line` was clicked: open that file at that line. */
  onOpenFileLocation(file: string, line: number): void;
}

const EXPANDED_KEY = 'build-logs-panel-expanded';

function readExpanded(): boolean {
  try {
    return localStorage.getItem(EXPANDED_KEY) !== 'false';
  } catch {
    return true;
  }
}

/**
 * The editor's bottom Build Logs panel: the latest build's log, followed live as it grows and switching to
 * a newly queued build, with the stage bar IP → SYNTHESIS → ROUTE → BITSTREAM, Follow Log, Wrap lines,
 * scroll to top/bottom and search (all from the shared LogViewer). Collapsible (a button with
 * aria-expanded) and resizable (a separator handle: drag, or arrows / Home / End); both are remembered.
 */
export function BuildLogsPanel({ projectId, onOpenFileLocation }: BuildLogsPanelProps) {
  const bodyId = useId();
  const titleId = useId();
  const [expanded, setExpanded] = useState(readExpanded);
  const { height, min, max, handleProps } = usePanelHeight('build-logs-panel-height');
  const { data: build, error } = useLatestBuild(projectId);

  const toggle = () => {
    setExpanded((value) => {
      try {
        localStorage.setItem(EXPANDED_KEY, String(!value));
      } catch {
        // Not remembered, still toggled.
      }
      return !value;
    });
  };

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
          <button type="button" className="build-logs-toggle" aria-expanded={expanded} aria-controls={bodyId} onClick={toggle}>
            {expanded ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronUp size={16} aria-hidden="true" />}
            Build Logs
          </button>
        </h2>
        {build && (
          <span className="build-logs-build">
            <BuildStatusIcon status={build.status} size={16} />
            <span>
              <span className="visually-hidden">Build </span>
              {shortBuildId(build.id)} · {buildStatusLabel(build.status)}
            </span>
            <BuildProgress build={build} />
            {build.diagnostics && build.diagnostics.length > 0 && <span className="build-progress">{diagnosticSummary(build.diagnostics)}</span>}
          </span>
        )}
      </div>
      <div id={bodyId} className="build-logs-body" style={{ height }} hidden={!expanded}>
        {expanded &&
          (build ? (
            <FollowedLog key={build.id} build={build} onOpenFileLocation={onOpenFileLocation} />
          ) : error ? (
            <p className="error-text build-logs-note" role="alert">
              {errorMessage(error, 'The latest build could not be loaded.')}
            </p>
          ) : build === null ? (
            <p className="build-muted build-logs-note">No build history. Build the project to see its log here.</p>
          ) : null)}
      </div>
    </section>
  );
}

function FollowedLog({ build, onOpenFileLocation }: { build: Build; onOpenFileLocation(file: string, line: number): void }) {
  const log = useBuildLog(build.id);
  if (log.error !== undefined && log.lines.length === 0) {
    return (
      <p className="error-text build-logs-note" role="alert">
        {errorMessage(log.error, 'The build log could not be loaded.')}
      </p>
    );
  }
  return (
    <LogViewer
      lines={log.lines}
      complete={log.complete || (!isActiveBuild(build) && log.lines.length === 0 && !log.loading)}
      outcome={logOutcome(build.status)}
      expectedStages={BUILD_STAGES}
      onOpenLocation={onOpenFileLocation}
      downloadName={`build-${shortBuildId(build.id)}.log`}
      label={`Log of build ${shortBuildId(build.id)}`}
    />
  );
}
