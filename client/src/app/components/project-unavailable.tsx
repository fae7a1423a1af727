import { Link } from 'react-router-dom';
import { FolderX } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { errorMessage, isNotFound } from '@/lib/api/error-message';
import { paths } from '@/lib/paths';

export interface ProjectUnavailableProps {
  /** The id from the route, shown so a mistyped link is recognisable. */
  projectId: string;
  error: unknown;
  onRetry(): void;
  retrying: boolean;
}

/**
 * What the editor and builds routes show without their project: "Project not found" for an id that
 * names none of the user's projects, else the load error with Retry. Either way, a link to the projects.
 */
export function ProjectUnavailable({ projectId, error, onRetry, retrying }: ProjectUnavailableProps) {
  const notFound = isNotFound(error);
  return (
    <section className="page project-unavailable" aria-labelledby="project-unavailable-title">
      <h1 id="project-unavailable-title">
        {notFound && <FolderX size={28} aria-hidden="true" />}
        {notFound ? 'Project not found' : 'The project could not be loaded'}
      </h1>
      {notFound ? (
        <p>
          None of your projects has the id <code className="project-unavailable-id">{projectId}</code>. It may have been
          deleted, or the link may be mistyped.
        </p>
      ) : (
        <LoadError
          message={errorMessage(error, 'The project could not be loaded. Check your connection and retry.')}
          onRetry={onRetry}
          retrying={retrying}
        />
      )}
      <p>
        <Link to={paths.projects}>Go to your projects</Link>
      </p>
    </section>
  );
}
