import { getApiClient } from '@/lib/api/client';
import type { Build } from '@/lib/api/schemas';

/** getLatestBuild: the project's latest build, or null for the API's empty object (no build yet). */
export async function getLatestBuild(projectId: string): Promise<Build | null> {
  const api = await getApiClient();
  const response = await api.getLatestBuild({ project_id: projectId });
  const body = response.data as Partial<Build>;
  return typeof body.id === 'string' ? (body as Build) : null;
}
