import { EditorStore, type EditorApi } from '../store/editor-store';
import { createFile } from './create-file';
import { deleteFile } from './delete-file';
import { getFile } from './get-file';
import { getLatestBuild } from './get-latest-build';
import { getProjectFiles } from './get-project-files';
import { projectBuilds } from './project-builds';
import { renameFile } from './rename-file';
import { updateFile } from './update-file';

/** The compile-API operations the editor store runs. */
export const editorApi: EditorApi = {
  getProjectFiles,
  getFile,
  updateFile,
  createFile,
  deleteFile,
  renameFile,
  getLatestBuild,
  projectBuilds,
};

/**
 * The app's one editor store: it outlives the page, so going to the builds page and back keeps the
 * open tabs (opening the same project again does nothing, spec §4).
 */
export const editorStore = new EditorStore(editorApi);
