import { ProjectAreaHeader } from '@/components/project-area-header';
import { ProjectBreadcrumbs } from '@/components/project-breadcrumbs';
import { Spinner } from '@/components/spinner';
import { SimulationList } from '@/features/simulation/components/simulation-list';
import { ProjectUnavailable } from '../components/project-unavailable';
import { useLoadedProject } from './use-loaded-project';

/**
 * #/projects/{project_id}/simulations: the project's simulations, newest first, below the project's
 * breadcrumb and heading as its builds are.
 */
export function SimulationListRoute() {
  const { projectId = '', data: project, error, isLoading, isValidating, mutate } = useLoadedProject();
  if (isLoading && !error) return <Spinner label="Loading project" />;
  if (!project) {
    return (
      <ProjectUnavailable projectId={projectId} error={error} onRetry={() => void mutate()} retrying={isValidating} />
    );
  }
  return (
    <section className="page" aria-labelledby="simulations-title">
      <ProjectBreadcrumbs projectId={projectId} projectName={project.name} steps={[{ label: 'Simulations' }]} />
      <ProjectAreaHeader titleId="simulations-title" title={`Simulations: ${project.name}`} />
      <SimulationList projectId={projectId} />
    </section>
  );
}
