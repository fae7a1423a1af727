import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { getApiClient } from '@/lib/api/client';
import type { ProjectConfig } from '@/lib/api/schemas';
import { listProjectsKey } from './list-projects';

export interface CreateProjectInput {
  name: string;
  /** An example id: the new project starts with a copy of its files. */
  example?: string;
  config?: ProjectConfig;
}

/** createProject: a new project, empty or from an example. */
export async function createProject(input: CreateProjectInput) {
  const api = await getApiClient();
  const response = await api.createProject(null, input);
  return response.data;
}

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
