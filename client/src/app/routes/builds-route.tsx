import { Outlet } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import { useLoadedProject } from './use-loaded-project';

/** Placeholder for the builds area (its own issue): the project's name, then the list or a build. */
export function BuildsRoute() {
  const { data: project, error, isLoading } = useLoadedProject();
  if (isLoading) return <Spinner label="Loading project" />;
  if (error) return <p role="alert" className="error-text">{errorMessage(error, 'The project could not be loaded.')}</p>;
  return (
    <section className="page">
      <h1>Builds: {project?.name}</h1>
      <Outlet />
    </section>
  );
}
