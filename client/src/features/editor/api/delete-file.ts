import { getApiClient } from '@/lib/api/client';

/** deleteFile: removes a file from the project. */
export async function deleteFile(projectId: string, name: string): Promise<void> {
  const api = await getApiClient();
  await api.deleteFile({ project_id: projectId, name });
}
