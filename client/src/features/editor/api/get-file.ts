import { getApiClient } from '@/lib/api/client';
import type { LoadedFile } from '../store/editor-state';

/** getFile: a file's content and the timestamp it was read at (a later save checks against it). */
export async function getFile(projectId: string, name: string): Promise<LoadedFile> {
  const api = await getApiClient();
  const response = await api.getFile({ project_id: projectId, name });
  return { content: response.data.content, timestamp: response.data.timestamp };
}
