import { describe, expect, it, vi } from 'vitest';
import { EditorStore, SaveConflictError, type EditorApi } from './editor-store';

function fakeApi(overrides: Partial<EditorApi> = {}) {
  const contents: Record<string, string> = { 'a.vhd': 'A', 'b.vhd': 'B' };
  const api: EditorApi = {
    getProjectFiles: vi.fn(async () => Object.keys(contents).map((name) => ({ name }))),
    getFile: vi.fn(async (_p: string, name: string) => ({ content: contents[name] ?? '', timestamp: 't0' })),
    updateFile: vi.fn(async (_p: string, name: string, content: string) => {
      contents[name] = content;
      return { timestamp: `saved:${content}` };
    }),
    createFile: vi.fn(async (_p: string, name: string, content: string) => {
      contents[name] = content;
      return { name };
    }),
    deleteFile: vi.fn(async () => {}),
    renameFile: vi.fn(async () => {}),
    ...overrides,
  };
  return { api, contents };
}

describe('EditorStore', () => {
  it("loads only the files when a project opens (builds are the panels' SWR reads), and not again for the same project", async () => {
    const { api } = fakeApi();
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openProject('p1');
    expect(api.getProjectFiles).toHaveBeenCalledTimes(1);
    expect(store.getState().files.map((f) => f.name)).toEqual(['a.vhd', 'b.vhd']);
    expect(Object.keys(store.getState()).sort()).toEqual([
      'activeFile',
      'dirty',
      'files',
      'loaded',
      'openFiles',
      'projectId',
    ]);
  });

  it('opening the project again while it loads waits for that load (React StrictMode runs the effect twice)', async () => {
    let release!: (files: { name: string }[]) => void;
    const { api } = fakeApi({
      getProjectFiles: vi.fn(() => new Promise<{ name: string }[]>((resolve) => (release = resolve))),
    });
    const store = new EditorStore(api);
    const first = store.openProject('p1');
    let secondDone = false;
    const second = store.openProject('p1').then(() => (secondDone = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(secondDone).toBe(false);
    release([{ name: 'a.vhd' }]);
    await Promise.all([first, second]);
    expect(store.getState().files).toEqual([{ name: 'a.vhd' }]);
    expect(api.getProjectFiles).toHaveBeenCalledTimes(1);
  });

  it('opening the project again after its load failed does not fail again', async () => {
    const { api } = fakeApi({ getProjectFiles: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const store = new EditorStore(api);
    await expect(store.openProject('p1')).rejects.toThrow('offline');
    await expect(store.openProject('p1')).resolves.toBeUndefined();
    expect(api.getProjectFiles).toHaveBeenCalledTimes(1);
  });

  it('drops answers that arrive after another project was opened', async () => {
    let release!: (files: { name: string }[]) => void;
    const { api } = fakeApi({
      getProjectFiles: vi.fn((projectId: string) =>
        projectId === 'slow'
          ? new Promise<{ name: string }[]>((resolve) => (release = resolve))
          : Promise.resolve([{ name: 'x.v' }]),
      ),
    });
    const store = new EditorStore(api);
    const slow = store.openProject('slow');
    await store.openProject('fast');
    release([{ name: 'stale.vhd' }]);
    await slow;
    expect(store.getState().projectId).toBe('fast');
    expect(store.getState().files).toEqual([{ name: 'x.v' }]);
  });

  it('loads a file once, even when opened twice at the same time, and caches it', async () => {
    const { api } = fakeApi();
    const store = new EditorStore(api);
    await store.openProject('p1');
    await Promise.all([store.openFile('a.vhd'), store.openFile('a.vhd')]);
    await store.openFile('a.vhd');
    expect(api.getFile).toHaveBeenCalledTimes(1);
    expect(store.getState().loaded['a.vhd']?.content).toBe('A');
  });

  it('saves the dirty content and clears the mark; save all saves every dirty file', async () => {
    const { api, contents } = fakeApi();
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openFile('a.vhd');
    await store.openFile('b.vhd');
    store.editFile('a.vhd', 'A2');
    store.editFile('b.vhd', 'B2');
    await store.saveFile('a.vhd');
    expect(contents['a.vhd']).toBe('A2');
    expect(Object.keys(store.getState().dirty)).toEqual(['b.vhd']);
    await store.saveAll();
    expect(contents['b.vhd']).toBe('B2');
    expect(store.getState().dirty).toEqual({});
    expect(store.getState().loaded['b.vhd']?.timestamp).toBe('saved:B2');
  });

  it('refuses to save an unopened file with a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { api } = fakeApi();
    const store = new EditorStore(api);
    await store.openProject('p1');
    expect(await store.saveFile('a.vhd')).toBe(false);
    expect(api.updateFile).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('a.vhd'));
  });

  it('keeps the dirty content when a save fails', async () => {
    const { api } = fakeApi({ updateFile: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openFile('a.vhd');
    store.editFile('a.vhd', 'A2');
    await expect(store.saveFile('a.vhd')).rejects.toThrow('offline');
    expect(store.getState().dirty['a.vhd']).toBe('A2');
  });

  it('closes a file before deleting it, and renames it in the list and the tabs', async () => {
    const { api } = fakeApi();
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openFile('a.vhd');
    await store.openFile('b.vhd');
    await store.renameFile('a.vhd', 'adder.vhd');
    expect(store.getState().openFiles).toEqual(['adder.vhd', 'b.vhd']);
    await store.deleteFile('b.vhd');
    expect(store.getState().openFiles).toEqual(['adder.vhd']);
    expect(store.getState().activeFile).toBe('adder.vhd');
    expect(store.getState().files.map((f) => f.name)).toEqual(['adder.vhd']);
  });

  it('keeps the file open with its unsaved edits when the delete fails', async () => {
    const { api } = fakeApi({ deleteFile: vi.fn(async () => Promise.reject(new Error('offline'))) });
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openFile('a.vhd');
    store.editFile('a.vhd', 'A2');
    const states: string[][] = [];
    store.subscribe(() => states.push(store.getState().openFiles));
    await expect(store.deleteFile('a.vhd')).rejects.toThrow('offline');
    expect(states.every((open) => open.includes('a.vhd'))).toBe(true);
    expect(store.getState().openFiles).toEqual(['a.vhd']);
    expect(store.getState().dirty['a.vhd']).toBe('A2');
    expect(store.getState().loaded['a.vhd']?.content).toBe('A');
    expect(store.getState().files.map((f) => f.name)).toEqual(['a.vhd', 'b.vhd']);
  });

  it('notifies subscribers on every change', async () => {
    const { api } = fakeApi();
    const store = new EditorStore(api);
    const listener = vi.fn();
    store.subscribe(listener);
    await store.openProject('p1');
    expect(listener).toHaveBeenCalled();
  });

  it('sends the timestamp the content was read at, and overwrites only when asked', async () => {
    const { api } = fakeApi();
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openFile('a.vhd');
    store.editFile('a.vhd', 'A2');
    await store.saveFile('a.vhd');
    expect(api.updateFile).toHaveBeenLastCalledWith('p1', 'a.vhd', 'A2', 't0');
    store.editFile('a.vhd', 'A3');
    await store.saveFile('a.vhd', { overwrite: true });
    expect(api.updateFile).toHaveBeenLastCalledWith('p1', 'a.vhd', 'A3', undefined);
  });

  it('keeps the edits on a conflict, and save all reports it while saving the other files', async () => {
    const { api, contents } = fakeApi({
      updateFile: vi.fn(async (_p: string, name: string, content: string) => {
        if (name === 'a.vhd') throw new SaveConflictError(name);
        contents[name] = content;
        return { timestamp: 't1' };
      }),
    });
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openFile('a.vhd');
    await store.openFile('b.vhd');
    store.editFile('a.vhd', 'mine');
    store.editFile('b.vhd', 'B2');
    const result = await store.saveAll();
    expect(result.saved).toEqual(['b.vhd']);
    expect(result.failed.map((f) => f.name)).toEqual(['a.vhd']);
    expect(result.failed[0]?.error).toBeInstanceOf(SaveConflictError);
    expect(store.getState().dirty).toEqual({ 'a.vhd': 'mine' });
    contents['a.vhd'] = 'theirs';
    await store.reloadFile('a.vhd');
    expect(store.getState().dirty).toEqual({});
    expect(store.getState().loaded['a.vhd']?.content).toBe('theirs');
  });

  it('runs one save per file at a time: a second save waits, then saves what changed with the new timestamp', async () => {
    // A server that refuses a save based on an older version, and answers when released.
    let version = 0;
    const releases: (() => void)[] = [];
    const { api } = fakeApi({
      updateFile: vi.fn((_p: string, name: string, _content: string, expected?: string | null) => {
        const stale = expected !== undefined && expected !== `v${version}`;
        if (!stale) version += 1;
        const timestamp = `v${version}`;
        return new Promise<{ timestamp: string }>((resolve, reject) =>
          releases.push(() => (stale ? reject(new SaveConflictError(name)) : resolve({ timestamp }))),
        );
      }),
      getFile: vi.fn(async () => ({ content: 'A', timestamp: 'v0' })),
    });
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openFile('a.vhd');
    const settle = async () => {
      for (let i = 0; i < 10; i++) {
        await Promise.resolve();
        releases.splice(0).forEach((release) => release());
      }
    };

    // Nothing typed in between: the second save has nothing to do.
    store.editFile('a.vhd', 'A2');
    const both = Promise.all([store.saveFile('a.vhd'), store.saveFile('a.vhd')]);
    await settle();
    await expect(both).resolves.toEqual([true, true]);
    expect(api.updateFile).toHaveBeenCalledTimes(1);

    // Typed while the first save was in flight: the second saves the new content over the new version.
    store.editFile('a.vhd', 'A3');
    const first = store.saveFile('a.vhd');
    store.editFile('a.vhd', 'A4');
    const second = store.saveFile('a.vhd');
    await settle();
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(api.updateFile).toHaveBeenCalledTimes(3);
    expect(api.updateFile).toHaveBeenLastCalledWith('p1', 'a.vhd', 'A4', 'v2');
    expect(store.getState().dirty).toEqual({});
    expect(store.getState().loaded['a.vhd']).toEqual({ content: 'A4', timestamp: 'v3' });
  });

  it('discards all unsaved changes', async () => {
    const { api } = fakeApi();
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openFile('a.vhd');
    store.editFile('a.vhd', 'A2');
    store.discardAllChanges();
    expect(store.getState().dirty).toEqual({});
  });

  it('replaces a file: overwrites it on the server, and an open tab shows the new content with its edits dropped', async () => {
    const { api, contents } = fakeApi();
    const store = new EditorStore(api);
    await store.openProject('p1');
    await store.openFile('a.vhd');
    store.editFile('a.vhd', 'A typed');
    await store.replaceFile('a.vhd', 'A uploaded');
    // No expected timestamp: the upload replaces whatever the server has.
    expect(api.updateFile).toHaveBeenLastCalledWith('p1', 'a.vhd', 'A uploaded');
    expect(contents['a.vhd']).toBe('A uploaded');
    expect(store.getState().dirty).toEqual({});
    expect(store.getState().loaded['a.vhd']).toEqual({ content: 'A uploaded', timestamp: 'saved:A uploaded' });

    // A closed file is not opened by it; it reads the new content when opened.
    await store.replaceFile('b.vhd', 'B uploaded');
    expect(store.getState().openFiles).toEqual(['a.vhd']);
    expect(store.getState().files.find((file) => file.name === 'b.vhd')?.timestamp).toBe('saved:B uploaded');
    await store.openFile('b.vhd');
    expect(store.getState().loaded['b.vhd']?.content).toBe('B uploaded');
  });
});
