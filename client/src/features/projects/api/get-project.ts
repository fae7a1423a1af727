import useSWR from 'swr';
import { getApiClient } from '@/lib/api/client';

/** getProject: one project by id. */
export async function getProject(projectId: string) {
  const api = await getApiClient();
  const response = await api.getProject({ project_id: projectId });
  return response.data;
}

export const getProjectKey = (projectId: string) => ['getProject', projectId] as const;

export function useProject(projectId: string | undefined) {
  return useSWR(projectId ? getProjectKey(projectId) : null, ([, id]) => getProject(id));
}
