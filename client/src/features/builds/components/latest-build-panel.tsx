import { useId } from 'react';
import { Link } from 'react-router-dom';
import { BuildStatusIcon, buildStatusLabel } from '@/components/build-status-icon';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import { isActiveBuild } from '@/lib/api/schemas';
import { formatDateTime, shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useLatestBuild } from '../api/get-latest-build';
import { ArtifactList } from './artifact-list';
import { BuildProgress } from './build-progress';
import { CancelBuildButton } from './cancel-build-button';
import './builds.css';

/**
 * The editor's Latest Build panel (the real product's): status icon, the short id (a link to the build),
 * "Queued at", the queue position or stage while active with a red Cancel, and the artifacts to download.
 * It follows the build while it runs (useLatestBuild refreshes itself).
 */
export function LatestBuildPanel({ projectId }: { projectId: string }) {
  const titleId = useId();
  const { data: build, error, isLoading, mutate } = useLatestBuild(projectId);

  let body;
  if (isLoading) {
    body = <Spinner label="Loading latest build" />;
  } else if (error && build === undefined) {
    body = (
      <div role="alert">
        <p className="error-text">{errorMessage(error, 'The latest build could not be loaded.')}</p>
        <button type="button" className="button" onClick={() => void mutate()}>
          Try again
        </button>
      </div>
    );
  } else if (!build) {
    body = <p className="build-muted">No build history</p>;
  } else {
    body = (
      <>
        <div className="latest-build-summary">
          <BuildStatusIcon status={build.status} />
          <Link to={paths.buildDetail(projectId, build.id)} className="build-id" aria-label={`Build ${shortBuildId(build.id)}`}>
            {shortBuildId(build.id)}
          </Link>
          <span className="latest-build-status">{buildStatusLabel(build.status)}</span>
          {isActiveBuild(build) && <CancelBuildButton buildId={build.id} className="latest-build-cancel" />}
        </div>
        <p className="latest-build-line">Queued at: {formatDateTime(build.queued_at)}</p>
        <p className="latest-build-line" aria-live="polite">
          <BuildProgress build={build} />
        </p>
        {build.status === 'failed' && build.error && <p className="error-text latest-build-line">{build.error}</p>}
        <h3 className="build-subtitle">Artifacts</h3>
        <ArtifactList build={build} />
      </>
    );
  }

  return (
    <section className="latest-build-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="build-panel-title">
        Latest Build
      </h2>
      {body}
    </section>
  );
}
