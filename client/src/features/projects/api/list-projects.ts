import useSWR from 'swr';
import { getApiClient } from '@/lib/api/client';

/** listProjects: the signed-in user's projects. */
export async function listProjects() {
  const api = await getApiClient();
  const response = await api.listProjects();
  return response.data;
}

export const listProjectsKey = () => ['listProjects'] as const;

export function useProjects() {
  return useSWR(listProjectsKey(), listProjects);
}
