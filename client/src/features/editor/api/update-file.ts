import { getApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/error-message';
import { SaveConflictError } from '../store/editor-store';

/**
 * updateFile: saves a file's content (plain text body). With `expectedTimestamp`, the API refuses
 * with 409 when the file changed since; that becomes a SaveConflictError for the editor to resolve.
 */
export async function updateFile(
  projectId: string,
  name: string,
  content: string,
  expectedTimestamp?: string | null,
): Promise<{ timestamp: string }> {
  const api = await getApiClient();
  try {
    const response = await api.updateFile(
      { project_id: projectId, name, ...(expectedTimestamp ? { expected_timestamp: expectedTimestamp } : {}) },
      content,
      // Axios would send a string body as a form; the contract says text/plain.
      { headers: { 'Content-Type': 'text/plain' } },
    );
    return response.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) throw new SaveConflictError(name, error.detail);
    throw error;
  }
}
