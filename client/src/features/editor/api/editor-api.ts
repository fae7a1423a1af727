import { createFile, deleteFile, getFile, getProjectFiles, renameFile, updateFile } from '@/lib/api/files';
import { ApiError } from '@/lib/api/error-message';
import { EditorStore, SaveConflictError, type EditorApi } from '../store/editor-store';

/** The compile-API operations the editor store runs. */
export const editorApi: EditorApi = {
  getProjectFiles,
  getFile,
  /** A 409 (the file changed since it was read) becomes a SaveConflictError for the editor to resolve. */
  async updateFile(projectId, name, content, expectedTimestamp) {
    try {
      return await updateFile(projectId, name, content, expectedTimestamp);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) throw new SaveConflictError(name, error.detail);
      throw error;
    }
  },
  createFile,
  deleteFile,
  renameFile,
};

/**
 * The app's one editor store: it outlives the page, so going to the builds page and back keeps the
 * open tabs (opening the same project again does nothing, spec §4).
 */
export const editorStore = new EditorStore(editorApi);
