import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { getApiClient } from '@/lib/api/client';
import type { ProjectSummary } from '@/lib/api/schemas';
import { getProjectKey } from './get-project';
import { listProjectsKey } from './list-projects';

/** renameProject: gives a project a new name. */
export async function renameProject(projectId: string, name: string) {
  const api = await getApiClient();
  const response = await api.renameProject({ project_id: projectId }, { name });
  return response.data;
}

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
