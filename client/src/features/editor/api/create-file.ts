import type { AxiosProgressEvent } from 'axios';
import { getApiClient } from '@/lib/api/client';
import type { ProjectFile } from '@/lib/api/schemas';

/**
 * createFile: a new file with the given content (a template or an upload). `onProgress` receives
 * the fraction of the body sent, for upload progress.
 */
export async function createFile(
  projectId: string,
  name: string,
  content: string,
  onProgress?: (fraction: number) => void,
): Promise<ProjectFile> {
  const api = await getApiClient();
  const response = await api.createFile({ project_id: projectId, name }, content, {
    headers: { 'Content-Type': 'text/plain' },
    onUploadProgress: onProgress
      ? (event: AxiosProgressEvent) => onProgress(event.total ? event.loaded / event.total : 1)
      : undefined,
  });
  return response.data;
}
