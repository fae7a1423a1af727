// The project-file operations of the compile API (the editor's reads and writes).
import { getApiClient } from './client';
import type { ProjectFile } from './schemas';

/** getProjectFiles: the files of a project (names, sizes, last-save timestamps). */
export async function getProjectFiles(projectId: string): Promise<ProjectFile[]> {
  const api = await getApiClient();
  const response = await api.getProjectFiles({ project_id: projectId });
  return response.data;
}

/** getFile: a file's content and the timestamp it was read at (a later save checks against it). */
export async function getFile(projectId: string, name: string): Promise<{ content: string; timestamp: string | null }> {
  const api = await getApiClient();
  const response = await api.getFile({ project_id: projectId, name });
  return { content: response.data.content, timestamp: response.data.timestamp };
}

/**
 * updateFile: saves a file's content (plain text body). With `expectedTimestamp`, the API refuses
 * with 409 (an ApiError) when the file changed since.
 */
export async function updateFile(
  projectId: string,
  name: string,
  content: string,
  expectedTimestamp?: string | null,
): Promise<{ timestamp: string }> {
  const api = await getApiClient();
  const response = await api.updateFile(
    { project_id: projectId, name, ...(expectedTimestamp ? { expected_timestamp: expectedTimestamp } : {}) },
    content,
  );
  return response.data;
}

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
  const response = await api.createFile({ project_id: projectId, name }, content, { onUploadProgress: onProgress });
  return response.data;
}

/** deleteFile: removes a file from the project. */
export async function deleteFile(projectId: string, name: string): Promise<void> {
  const api = await getApiClient();
  await api.deleteFile({ project_id: projectId, name });
}

/** renameFile: gives a file a new name (the API refuses a name that is taken). */
export async function renameFile(projectId: string, name: string, newName: string): Promise<void> {
  const api = await getApiClient();
  await api.renameFile({ project_id: projectId, name, new_name: newName });
}
