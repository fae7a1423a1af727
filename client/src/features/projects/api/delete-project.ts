import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { deleteProject, getProjectKey, listProjectsKey } from '@/lib/api/projects';
import type { ProjectSummary } from '@/lib/api/schemas';

/** Deletes a project: it leaves the list at once, and comes back if the server refuses. */
export function useDeleteProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (projectId: string) => {
      await mutate<ProjectSummary[]>(
        listProjectsKey(),
        async (projects) => {
          await deleteProject(projectId);
          return projects?.filter((item) => item.id !== projectId);
        },
        {
          optimisticData: (projects) => (projects ?? []).filter((item) => item.id !== projectId),
          rollbackOnError: true,
          revalidate: true,
        },
      );
      // Forget the project itself without asking the server (it would answer 404).
      await mutate(getProjectKey(projectId), undefined, { revalidate: false });
    },
    [mutate],
  );
}
