import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api/error-message';
import { useLoadedProject } from './use-loaded-project';

/** Placeholder for the editor page (its own issue): loads the project so the title and nav bar follow it. */
export function EditorRoute() {
  const { data: project, error, isLoading } = useLoadedProject();
  if (isLoading) return <Spinner label="Loading project" />;
  if (error) return <p role="alert" className="error-text">{errorMessage(error, 'The project could not be loaded.')}</p>;
  return (
    <section className="page">
      <h1>Project: {project?.name}</h1>
    </section>
  );
}
