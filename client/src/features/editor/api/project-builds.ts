import { getApiClient } from '@/lib/api/client';
import type { Build } from '@/lib/api/schemas';

/** projectBuilds: the project's builds, newest first. */
export async function projectBuilds(projectId: string): Promise<Build[]> {
  const api = await getApiClient();
  const response = await api.projectBuilds({ project_id: projectId });
  return response.data;
}
