import { Link } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { SimulationList } from '@/features/simulation/components/simulation-list';
import { paths } from '@/lib/paths';
import { ProjectUnavailable } from '../components/project-unavailable';
import { useLoadedProject } from './use-loaded-project';
import './builds-route.css';

/**
 * #/projects/{project_id}/simulations: the project's simulations, newest first, below a breadcrumb like
 * the builds area's (the same look: its classes).
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
            <span aria-current="page">Simulations</span>
          </li>
        </ol>
      </nav>
      <div className="builds-area-header">
        <h1 id="simulations-title">Simulations: {project.name}</h1>
      </div>
      <SimulationList projectId={projectId} />
    </section>
  );
}
