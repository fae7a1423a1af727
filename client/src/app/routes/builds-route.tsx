import { Link, Outlet, useParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { useBuildDetails } from '@/features/builds/api/use-build-details';
import { QueueBuildButton } from '@/features/builds/components/queue-build-button';
import { isNotFound } from '@/lib/api/error-message';
import { shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { BuildNotFound } from '../components/build-not-found';
import { ProjectUnavailable } from '../components/project-unavailable';
import { useLoadedProject } from './use-loaded-project';
import './builds-route.css';

/**
 * The builds area (`#/builds/{project_id}`): loads the project (its name titles the page and the nav bar
 * links to it), then shows the build list or one build below a breadcrumb. A build id the API does not
 * know is a not-found page of its own, like an unknown project's (the same request as the build page's).
 */
export function BuildsRoute() {
  const { projectId = '', data: project, error, isLoading, isValidating, mutate } = useLoadedProject();
  const { id: buildId } = useParams<'id'>();
  const { error: buildError } = useBuildDetails(buildId);
  if (isLoading && !error) return <Spinner label="Loading project" />;
  if (!project) {
    return (
      <ProjectUnavailable projectId={projectId} error={error} onRetry={() => void mutate()} retrying={isValidating} />
    );
  }
  if (buildId && isNotFound(buildError)) {
    return <BuildNotFound projectId={projectId} projectName={project.name} buildId={buildId} />;
  }
  return (
    <section className="page" aria-labelledby="builds-area-title">
      <nav aria-label="Breadcrumb" className="builds-breadcrumbs">
        <ol>
          <li>
            <Link to={paths.projects}>Projects</Link>
          </li>
          <li>
            <Link to={paths.editor(projectId)} title={project.name}>
              {project.name}
            </Link>
          </li>
          <li>
            {buildId ? <Link to={paths.builds(projectId)}>Builds</Link> : <span aria-current="page">Builds</span>}
          </li>
          {buildId && (
            <li>
              <span aria-current="page">{shortBuildId(buildId)}</span>
            </li>
          )}
        </ol>
      </nav>
      <div className="builds-area-header">
        <h1 id="builds-area-title">Builds: {project.name}</h1>
        {!buildId && <QueueBuildButton projectId={projectId} projectName={project.name} />}
      </div>
      <Outlet />
    </section>
  );
}
