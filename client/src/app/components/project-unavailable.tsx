import { FolderX } from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { UnavailablePage } from '@/components/unavailable-page';
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
  const back = { to: paths.projects, label: 'Go to your projects' };
  if (isNotFound(error)) {
    return (
      <UnavailablePage title="Project not found" icon={<FolderX size={28} aria-hidden="true" />} back={back}>
        <p>
          None of your projects has the id <code className="unavailable-page-id">{projectId}</code>. It may have been
          deleted, or the link may be mistyped.
        </p>
      </UnavailablePage>
    );
  }
  return (
    <UnavailablePage title="The project could not be loaded" back={back}>
      <LoadError
        message={errorMessage(error, 'The project could not be loaded. Check your connection and retry.')}
        onRetry={onRetry}
        retrying={retrying}
      />
    </UnavailablePage>
  );
}
