import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useProject } from '@/features/projects/api/use-project';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNotFound } from '@/lib/api/error-message';
import { useSetCurrentProject } from '@/lib/current-project';

/**
 * For the routes that manage their own title (editor, builds): load the project of the
 * `:projectId` param, title the page with its name and make it the nav bar's current project.
 */
export function useLoadedProject() {
  const { projectId } = useParams<'projectId'>();
  const result = useProject(projectId);
  const setCurrentProject = useSetCurrentProject();
  const project = result.data;

  useDocumentTitle(project?.name ?? (isNotFound(result.error) ? 'Project not found' : undefined));
  useEffect(() => {
    if (project) setCurrentProject({ id: String(project.id), name: project.name });
  }, [project, setCurrentProject]);

  return { projectId, ...result };
}
