import { getApiClient } from '@/lib/api/client';

/** renameFile: gives a file a new name (the API refuses a name that is taken). */
export async function renameFile(projectId: string, name: string, newName: string): Promise<void> {
  const api = await getApiClient();
  await api.renameFile({ project_id: projectId, name, new_name: newName });
}
