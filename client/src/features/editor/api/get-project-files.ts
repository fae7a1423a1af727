import { getApiClient } from '@/lib/api/client';
import type { ProjectFile } from '@/lib/api/schemas';

/** getProjectFiles: the files of a project (names, sizes, last-save timestamps). */
export async function getProjectFiles(projectId: string): Promise<ProjectFile[]> {
  const api = await getApiClient();
  const response = await api.getProjectFiles({ project_id: projectId });
  return response.data;
}
