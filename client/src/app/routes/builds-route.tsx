import { Link, Outlet, useParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { QueueBuildButton } from '@/features/builds/components/queue-build-button';
import { shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { ProjectUnavailable } from '../components/project-unavailable';
import { useLoadedProject } from './use-loaded-project';
import './builds-route.css';

/**
 * The builds area (`#/builds/{project_id}`): loads the project (its name titles the page and the nav bar
 * links to it), then shows the build list or one build below a breadcrumb.
 */
export function BuildsRoute() {
  const { projectId = '', data: project, error, isLoading, isValidating, mutate } = useLoadedProject();
  const { id: buildId } = useParams<'id'>();
  if (isLoading && !error) return <Spinner label="Loading project" />;
  if (!project) {
    return (
      <ProjectUnavailable projectId={projectId} error={error} onRetry={() => void mutate()} retrying={isValidating} />
    );
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
