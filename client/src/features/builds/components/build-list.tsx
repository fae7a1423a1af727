import { Link } from 'react-router-dom';
import { BuildStatusIcon, buildStatusLabel } from '@/components/build-status-icon';
import { DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import { isActiveBuild } from '@/lib/api/schemas';
import { formatDateTime, formatDuration, formatRelative, shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useBuildConfigs } from '@/lib/api/build-configs';
import { useProjectBuilds } from '../api/use-project-builds';
import { useNow } from '@/hooks/use-now';
import { configSummary } from '../utils/config-summary';
import { BuildProgress } from './build-progress';
import { CancelBuildButton } from './cancel-build-button';
import './builds.css';

/** Newest first, as the server lists them: the list does not sort. */
const BUILD_COLUMNS = [
  { label: 'BUILD' },
  { label: 'STATUS' },
  { label: 'CONFIGURATION' },
  { label: 'QUEUED' },
  { label: 'DURATION' },
];

/**
 * Every build of a project, newest first: short id (a link to the build), status with its icon, the stage
 * or queue position while active, configuration, queued time and duration, and Cancel on active builds.
 * Refreshes itself while any build is queued or running; running durations count up.
 */
export function BuildList({ projectId }: { projectId: string }) {
  const { data: builds, error, isLoading, isValidating, mutate } = useProjectBuilds(projectId);
  const { data: options } = useBuildConfigs();
  const anyActive = builds?.some(isActiveBuild) ?? false;
  const now = useNow(anyActive);

  if (isLoading && !error) return <Spinner label="Loading builds" />;
  if (!builds) {
    return (
      <LoadError
        message={errorMessage(error, 'The builds could not be loaded.')}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    );
  }
  if (builds.length === 0) {
    return (
      <div className="build-empty">
        <p>No build history.</p>
        <p className="build-muted">
          Open the project in the <Link to={paths.editor(projectId)}>editor</Link> and press Build (or F8) to queue its
          first build.
        </p>
      </div>
    );
  }

  return (
    <div className="build-table-wrap">
      <DataTable caption="Builds, newest first" className="card-table build-table" columns={BUILD_COLUMNS}>
        {builds.map((build) => (
          <tr key={build.id} data-build-id={build.id}>
            <th scope="row">
              <Link
                to={paths.buildDetail(projectId, build.id)}
                className="build-id"
                aria-label={`Build ${shortBuildId(build.id)}`}
              >
                {shortBuildId(build.id)}
              </Link>
            </th>
            <td data-label="Status">
              <span className="build-status-cell">
                <BuildStatusIcon status={build.status} size={16} />
                <span>{buildStatusLabel(build.status)}</span>
                <BuildProgress build={build} />
              </span>
            </td>
            <td data-label="Configuration">{configSummary(build.config, options)}</td>
            <td data-label="Queued">
              <time dateTime={build.queued_at} title={formatRelative(build.queued_at, now)}>
                {formatDateTime(build.queued_at)}
              </time>
            </td>
            <td data-label="Duration">{formatDuration(build.started_at, build.finished_at, now) ?? '—'}</td>
            <td className="build-actions card-table-actions">
              {isActiveBuild(build) && <CancelBuildButton buildId={build.id} />}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
