import { Outlet, useParams } from 'react-router-dom';
import { ProjectAreaHeader } from '@/components/project-area-header';
import { ProjectBreadcrumbs } from '@/components/project-breadcrumbs';
import { Spinner } from '@/components/spinner';
import { useBuildDetails } from '@/features/builds/api/use-build-details';
import { QueueBuildButton } from '@/features/builds/components/queue-build-button';
import { isNotFound } from '@/lib/api/error-message';
import { shortBuildId } from '@/lib/format';
import { paths } from '@/lib/paths';
import { BuildNotFound } from '../components/build-not-found';
import { ProjectUnavailable } from '../components/project-unavailable';
import { useLoadedProject } from './use-loaded-project';

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
      <ProjectBreadcrumbs
        projectId={projectId}
        projectName={project.name}
        steps={
          buildId
            ? [{ label: 'Builds', to: paths.builds(projectId) }, { label: shortBuildId(buildId) }]
            : [{ label: 'Builds' }]
        }
      />
      <ProjectAreaHeader titleId="builds-area-title" title={`Builds: ${project.name}`}>
        {!buildId && <QueueBuildButton projectId={projectId} projectName={project.name} />}
      </ProjectAreaHeader>
      <Outlet />
    </section>
  );
}
