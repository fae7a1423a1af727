import { FileX } from 'lucide-react';
import { UnavailablePage } from '@/components/unavailable-page';
import { paths } from '@/lib/paths';

export interface BuildNotFoundProps {
  projectId: string;
  projectName: string;
  /** The id from the route, shown so a mistyped link is recognisable. */
  buildId: string;
}

/** The build page for a build id the API does not know (404): what was asked for, and the project's builds. */
export function BuildNotFound({ projectId, projectName, buildId }: BuildNotFoundProps) {
  return (
    <UnavailablePage
      title="Build not found"
      icon={<FileX size={28} aria-hidden="true" />}
      back={{ to: paths.builds(projectId), label: `Go to the builds of ${projectName}` }}
    >
      <p>
        The project {projectName} has no build with the id <code className="unavailable-page-id">{buildId}</code>. It
        may have been deleted, or the link may be mistyped.
      </p>
    </UnavailablePage>
  );
}
