/**
 * The editor's state rules (product spec §4, "Editor project" and "Files") as pure transitions.
 * Every function returns a new state (or the same object when nothing changes) and never performs
 * I/O; the EditorStore (editor-store.ts) runs the loads and saves around them.
 */

export interface ProjectFile {
  name: string;
  /** Server timestamp of the last save, when known. */
  timestamp?: string | null;
  size?: number | null;
}

export interface LoadedFile {
  content: string;
  /** The server timestamp the content was read at: a later save detects edits made elsewhere. */
  timestamp: string | null;
}

export interface EditorState {
  projectId: string | null;
  files: ProjectFile[];
  /** Names of the open tabs, in tab order. */
  openFiles: string[];
  activeFile: string | null;
  /** Content loaded from the server, by file name: loaded once, cached while the tab is open. */
  loaded: Record<string, LoadedFile>;
  /** Unsaved content, by file name. A file is dirty exactly when it has an entry here. */
  dirty: Record<string, string>;
  // The project's latest build and build list are not here: the panels read them with SWR, keyed by
  // project id, so another project shows its own builds without the store fetching them.
}

export const NON_CURRENT_PROJECT = 'Cannot update non-current project';

export const initialEditorState: EditorState = {
  projectId: null,
  files: [],
  openFiles: [],
  activeFile: null,
  loaded: {},
  dirty: {},
};

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  const { [key]: _removed, ...rest } = record;
  return rest;
}

function renamedKey<T>(record: Record<string, T>, from: string, to: string): Record<string, T> {
  if (!(from in record)) return record;
  const { [from]: value, ...rest } = record;
  return { ...rest, [to]: value as T };
}

/** Opening another project clears everything; opening the same project again does nothing. */
export function openProject(state: EditorState, projectId: string): EditorState {
  if (state.projectId === projectId) return state;
  return { ...initialEditorState, projectId };
}

/** Guards every update that carries a project id: updating a non-current project is an error. */
export function assertCurrentProject(state: EditorState, projectId: string): void {
  if (state.projectId !== projectId) throw new Error(NON_CURRENT_PROJECT);
}

export function setFiles(state: EditorState, projectId: string, files: ProjectFile[]): EditorState {
  assertCurrentProject(state, projectId);
  return { ...state, files };
}

/** Whether opening needs a load: content is loaded once and then served from the cache. */
export function needsLoad(state: EditorState, name: string): boolean {
  return !(name in state.loaded);
}

/** Opens (or re-activates) a tab with content that was just loaded or is already cached. */
export function openFile(state: EditorState, name: string, loaded?: LoadedFile): EditorState {
  const cached = state.loaded[name] ?? loaded;
  if (!cached) throw new Error(`File ${name} has no content loaded`);
  return {
    ...state,
    openFiles: state.openFiles.includes(name) ? state.openFiles : [...state.openFiles, name],
    activeFile: name,
    loaded: name in state.loaded ? state.loaded : { ...state.loaded, [name]: cached },
  };
}

export function activateFile(state: EditorState, name: string): EditorState {
  if (!state.openFiles.includes(name) || state.activeFile === name) return state;
  return { ...state, activeFile: name };
}

/**
 * Closing removes the tab and clears its dirty mark and cached content. When it was active, the
 * first remaining open file becomes active, or none.
 */
export function closeFile(state: EditorState, name: string): EditorState {
  if (!state.openFiles.includes(name)) return state;
  const openFiles = state.openFiles.filter((open) => open !== name);
  return {
    ...state,
    openFiles,
    activeFile: state.activeFile === name ? (openFiles[0] ?? null) : state.activeFile,
    loaded: without(state.loaded, name),
    dirty: without(state.dirty, name),
  };
}

/** Editing marks the file dirty with its new content; typing back the saved text clears the mark. */
export function editFile(state: EditorState, name: string, content: string): EditorState {
  if (!state.openFiles.includes(name)) return state;
  if (state.loaded[name]?.content === content) return { ...state, dirty: without(state.dirty, name) };
  if (state.dirty[name] === content) return state;
  return { ...state, dirty: { ...state.dirty, [name]: content } };
}

export function isDirty(state: EditorState, name: string): boolean {
  return name in state.dirty;
}

export function dirtyFileNames(state: EditorState): string[] {
  return Object.keys(state.dirty);
}

/**
 * The content a save sends: the dirty content. Undefined when the file is not open (the store
 * refuses such a save with a console warning) or has nothing to save.
 */
export function contentToSave(state: EditorState, name: string): string | undefined {
  if (!state.openFiles.includes(name)) return undefined;
  return state.dirty[name];
}

/**
 * A save succeeded: the saved content becomes the cached content with the server's new timestamp,
 * and the dirty mark is cleared — unless the user typed more while the save was in flight.
 */
export function fileSaved(
  state: EditorState,
  name: string,
  savedContent: string,
  timestamp: string | null,
): EditorState {
  const stillDirty = state.dirty[name] !== undefined && state.dirty[name] !== savedContent;
  return {
    ...state,
    loaded:
      name in state.loaded || state.openFiles.includes(name)
        ? { ...state.loaded, [name]: { content: savedContent, timestamp } }
        : state.loaded,
    dirty: stillDirty ? state.dirty : without(state.dirty, name),
    files: state.files.map((file) => (file.name === name ? { ...file, timestamp } : file)),
  };
}

/** Deleting closes the file first, then removes it from the list. */
export function fileDeleted(state: EditorState, name: string): EditorState {
  const closed = closeFile(state, name);
  return { ...closed, files: closed.files.filter((file) => file.name !== name) };
}

/** Renaming updates the name in the file list and in the open tabs (keeping cache and dirty content). */
export function fileRenamed(state: EditorState, from: string, to: string): EditorState {
  return {
    ...state,
    files: state.files.map((file) => (file.name === from ? { ...file, name: to } : file)),
    openFiles: state.openFiles.map((open) => (open === from ? to : open)),
    activeFile: state.activeFile === from ? to : state.activeFile,
    loaded: renamedKey(state.loaded, from, to),
    dirty: renamedKey(state.dirty, from, to),
  };
}

/** Fresh content read from the server replaces the cache and drops the unsaved edits (e.g. "use theirs"). */
export function fileReloaded(state: EditorState, name: string, loaded: LoadedFile): EditorState {
  if (!state.openFiles.includes(name)) return state;
  return {
    ...state,
    loaded: { ...state.loaded, [name]: loaded },
    dirty: without(state.dirty, name),
    files: state.files.map((file) => (file.name === name ? { ...file, timestamp: loaded.timestamp } : file)),
  };
}

/**
 * The file's content was replaced on the server (an upload over it, the user chose Replace): the list
 * gets its new timestamp; an open file shows the new content, its unsaved edits dropped (the user was
 * told of them before choosing). A closed file has nothing cached, so it reads the new content when opened.
 */
export function fileReplaced(state: EditorState, name: string, replaced: LoadedFile): EditorState {
  const files = state.files.map((file) => (file.name === name ? { ...file, timestamp: replaced.timestamp } : file));
  if (!state.openFiles.includes(name)) return { ...state, files };
  return { ...fileReloaded(state, name, replaced), files };
}

/** Drops a file's unsaved edits: it shows its cached (saved) content again. */
export function discardChanges(state: EditorState, name: string): EditorState {
  if (!(name in state.dirty)) return state;
  return { ...state, dirty: without(state.dirty, name) };
}

/**
 * A local draft is taken back: its content becomes the dirty content, and the save will expect the
 * server version the draft was based on, so a file saved elsewhere since is detected, not overwritten.
 */
export function draftRestored(
  state: EditorState,
  name: string,
  content: string,
  baseTimestamp: string | null,
): EditorState {
  const cached = state.loaded[name];
  if (!cached || !state.openFiles.includes(name)) return state;
  const edited = editFile(state, name, content);
  return { ...edited, loaded: { ...edited.loaded, [name]: { ...cached, timestamp: baseTimestamp } } };
}

export function fileCreated(state: EditorState, file: ProjectFile): EditorState {
  const files = state.files.some((existing) => existing.name === file.name)
    ? state.files.map((existing) => (existing.name === file.name ? file : existing))
    : [...state.files, file];
  return { ...state, files };
}
