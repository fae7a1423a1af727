import useSWR from 'swr';
import { getProject, getProjectKey } from '@/lib/api/projects';

export function useProject(projectId: string | undefined) {
  return useSWR(projectId ? getProjectKey(projectId) : null, ([, id]) => getProject(id));
}
