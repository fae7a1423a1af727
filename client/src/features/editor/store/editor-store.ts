import {
  closeFile,
  contentToSave,
  dirtyFileNames,
  editFile,
  fileDeleted,
  fileRenamed,
  fileSaved,
  initialEditorState,
  needsLoad,
  openFile,
  openProject,
  setFiles,
  activateFile,
  discardChanges,
  draftRestored,
  fileCreated,
  fileReloaded,
  fileReplaced,
  type EditorState,
  type LoadedFile,
  type ProjectFile,
} from './editor-state';

/** The calls the editor store makes; the app passes the real API operations, tests pass fakes. */
export interface EditorApi {
  getProjectFiles(projectId: string): Promise<ProjectFile[]>;
  getFile(projectId: string, name: string): Promise<LoadedFile>;
  /**
   * Saves `content`. With `expectedTimestamp`, a file changed since then is refused by throwing
   * SaveConflictError instead of being overwritten; without it, the save overwrites.
   */
  updateFile(
    projectId: string,
    name: string,
    content: string,
    expectedTimestamp?: string | null,
  ): Promise<{ timestamp: string | null }>;
  /** `onProgress` receives the fraction of the content sent (upload progress). */
  createFile(
    projectId: string,
    name: string,
    content: string,
    onProgress?: (fraction: number) => void,
  ): Promise<ProjectFile>;
  deleteFile(projectId: string, name: string): Promise<void>;
  renameFile(projectId: string, name: string, newName: string): Promise<void>;
}

/** The file changed on the server since it was loaded: the user chooses which version to keep. */
export class SaveConflictError extends Error {
  constructor(
    readonly fileName: string,
    /** The server's message, when it gave one. */
    readonly detail?: string,
  ) {
    super(detail ?? `${fileName} was changed elsewhere since it was opened`);
    this.name = 'SaveConflictError';
  }
}

export interface SaveOptions {
  /** Save even when the file changed elsewhere (the user chose "keep mine"). */
  overwrite?: boolean;
}

export interface SaveAllResult {
  saved: string[];
  failed: { name: string; error: unknown }[];
}

type Listener = () => void;

/**
 * Holds the editor state and runs the I/O around the pure transitions of editor-state.ts.
 * Subscribable with React's useSyncExternalStore.
 */
export class EditorStore {
  private state: EditorState = initialEditorState;
  private readonly listeners = new Set<Listener>();
  private readonly pendingLoads = new Map<string, Promise<void>>();
  /** The last save queued per file: saves of one file run one at a time. */
  private readonly pendingSaves = new Map<string, Promise<boolean>>();

  constructor(private readonly api: EditorApi) {}

  getState = (): EditorState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: EditorState) {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Applies a result only while its project is still the open one: late answers are dropped. */
  private applyFor(projectId: string, update: (state: EditorState) => EditorState) {
    if (this.state.projectId !== projectId) return;
    this.set(update(this.state));
  }

  /** The load of the open project while it runs. */
  private projectLoad: { projectId: string; done: Promise<void> } | null = null;

  /**
   * Opening another project resets everything and loads afresh; the same project loads nothing
   * again, but resolves only when its load (if still running) is over.
   */
  openProject(projectId: string): Promise<void> {
    if (this.state.projectId === projectId) {
      return this.projectLoad?.projectId === projectId ? this.projectLoad.done : Promise.resolve();
    }
    this.pendingLoads.clear();
    this.pendingSaves.clear();
    this.set(openProject(this.state, projectId));
    const done = this.reloadFiles();
    const load = { projectId, done };
    this.projectLoad = load;
    const forget = () => {
      if (this.projectLoad === load) this.projectLoad = null;
    };
    done.then(forget, forget);
    return done;
  }

  async reloadFiles(): Promise<void> {
    const projectId = this.requireProject();
    const files = await this.api.getProjectFiles(projectId);
    this.applyFor(projectId, (state) => setFiles(state, projectId, files));
  }

  /** Opens a tab; content is loaded once and cached while the tab stays open. */
  async openFile(name: string): Promise<void> {
    const projectId = this.requireProject();
    if (!needsLoad(this.state, name)) {
      this.set(openFile(this.state, name));
      return;
    }
    let pending = this.pendingLoads.get(name);
    if (!pending) {
      pending = this.api
        .getFile(projectId, name)
        .then((loaded) => this.applyFor(projectId, (state) => openFile(state, name, loaded)))
        .finally(() => this.pendingLoads.delete(name));
      this.pendingLoads.set(name, pending);
    }
    await pending;
  }

  activateFile(name: string): void {
    this.set(activateFile(this.state, name));
  }

  closeFile(name: string): void {
    this.set(closeFile(this.state, name));
  }

  editFile(name: string, content: string): void {
    this.set(editFile(this.state, name, content));
  }

  /**
   * Saves the file's dirty content and clears its mark. Saving a file that is not open is refused
   * with a console warning. Resolves to whether the file is clean afterwards.
   *
   * One save per file is in flight at a time: a second one (double-click, Ctrl+S then F8) waits for
   * the first, then saves the content current by then with the timestamp the first one got, or does
   * nothing when nothing changed since. Sent at once, both would expect the old timestamp and the
   * second would be refused as a conflict.
   */
  saveFile(name: string, options: SaveOptions = {}): Promise<boolean> {
    const previous = this.pendingSaves.get(name);
    const save = previous
      ? previous.then(
          () => this.saveNow(name, options),
          () => this.saveNow(name, options),
        )
      : this.saveNow(name, options);
    this.pendingSaves.set(name, save);
    const forget = () => {
      if (this.pendingSaves.get(name) === save) this.pendingSaves.delete(name);
    };
    save.then(forget, forget);
    return save;
  }

  private async saveNow(name: string, options: SaveOptions): Promise<boolean> {
    const projectId = this.requireProject();
    if (!this.state.openFiles.includes(name)) {
      console.warn(`Refusing to save ${name}: the file is not open`);
      return false;
    }
    const content = contentToSave(this.state, name);
    if (content === undefined) return true;
    const expected = options.overwrite ? undefined : this.state.loaded[name]?.timestamp;
    const { timestamp } = await this.api.updateFile(projectId, name, content, expected);
    this.applyFor(projectId, (state) => fileSaved(state, name, content, timestamp));
    return true;
  }

  /** Saves every dirty file; one failure does not stop the others. */
  async saveAll(): Promise<SaveAllResult> {
    const result: SaveAllResult = { saved: [], failed: [] };
    for (const name of dirtyFileNames(this.state)) {
      try {
        await this.saveFile(name);
        result.saved.push(name);
      } catch (error) {
        result.failed.push({ name, error });
      }
    }
    return result;
  }

  /** Reads the file again from the server, dropping unsaved edits ("use theirs" after a conflict). */
  async reloadFile(name: string): Promise<void> {
    const projectId = this.requireProject();
    const loaded = await this.api.getFile(projectId, name);
    this.applyFor(projectId, (state) => fileReloaded(state, name, loaded));
  }

  discardChanges(name: string): void {
    this.set(discardChanges(this.state, name));
  }

  discardAllChanges(): void {
    let next = this.state;
    for (const name of dirtyFileNames(next)) next = discardChanges(next, name);
    this.set(next);
  }

  restoreDraft(name: string, content: string, baseTimestamp: string | null): void {
    this.set(draftRestored(this.state, name, content, baseTimestamp));
  }

  async createFile(name: string, content: string, onProgress?: (fraction: number) => void): Promise<void> {
    const projectId = this.requireProject();
    const file = await this.api.createFile(projectId, name, content, onProgress);
    this.applyFor(projectId, (state) => fileCreated(state, file));
  }

  /**
   * Overwrites a file with new content (an upload over an existing file, the user chose Replace):
   * saved without the expected timestamp, so it replaces whatever the server has. An open tab shows
   * the new content, its unsaved edits dropped.
   */
  async replaceFile(name: string, content: string): Promise<void> {
    const projectId = this.requireProject();
    const { timestamp } = await this.api.updateFile(projectId, name, content);
    this.applyFor(projectId, (state) => fileReplaced(state, name, { content, timestamp }));
  }

  /**
   * Deleting closes the file first (fileDeleted closes, then removes it from the list), once the
   * server has deleted it: a failed delete keeps the tab and its unsaved edits.
   */
  async deleteFile(name: string): Promise<void> {
    const projectId = this.requireProject();
    await this.api.deleteFile(projectId, name);
    this.applyFor(projectId, (state) => fileDeleted(state, name));
  }

  async renameFile(name: string, newName: string): Promise<void> {
    const projectId = this.requireProject();
    await this.api.renameFile(projectId, name, newName);
    this.applyFor(projectId, (state) => fileRenamed(state, name, newName));
  }

  private requireProject(): string {
    if (!this.state.projectId) throw new Error('No project is open');
    return this.state.projectId;
  }
}
