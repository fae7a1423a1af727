import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { getProjectKey, listProjectsKey, renameProject } from '@/lib/api/projects';
import type { ProjectSummary } from '@/lib/api/schemas';

/**
 * Renames a project. The list shows the new name at once and goes back to the old one if the
 * server refuses; the project itself (editor, nav bar) is refreshed from the answer.
 */
export function useRenameProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (projectId: string, name: string) => {
      const renamed = await mutate<ProjectSummary[]>(
        listProjectsKey(),
        async (projects) => {
          const project = await renameProject(projectId, name);
          return projects?.map((item) =>
            item.id === projectId ? { ...item, name: project.name, updated_at: project.updated_at } : item,
          );
        },
        {
          optimisticData: (projects) =>
            (projects ?? []).map((item) => (item.id === projectId ? { ...item, name } : item)),
          rollbackOnError: true,
          revalidate: true,
        },
      );
      await mutate(getProjectKey(projectId));
      return renamed;
    },
    [mutate],
  );
}
