import { useCallback } from 'react';
import { ProjectsPage } from '@/features/projects/components/projects-page';
import { useCurrentProject, useSetCurrentProject } from '@/lib/current-project';

export function ProjectsRoute() {
  const currentProject = useCurrentProject();
  const setCurrentProject = useSetCurrentProject();
  // A deleted project must not stay in the nav bar's editor and builds links.
  const forgetIfCurrent = useCallback(
    (projectId: string) => {
      if (currentProject?.id === projectId) setCurrentProject(null);
    },
    [currentProject, setCurrentProject],
  );
  return <ProjectsPage onProjectDeleted={forgetIfCurrent} />;
}
