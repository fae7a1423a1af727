import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { createProject, listProjectsKey, type CreateProjectInput } from '@/lib/api/projects';

/** Creates a project and refreshes the project list. */
export function useCreateProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: CreateProjectInput) => {
      const project = await createProject(input);
      await mutate(listProjectsKey());
      return project;
    },
    [mutate],
  );
}
