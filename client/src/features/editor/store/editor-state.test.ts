import { describe, expect, it } from 'vitest';
import {
  closeFile,
  contentToSave,
  discardChanges,
  draftRestored,
  fileReloaded,
  editFile,
  fileDeleted,
  fileRenamed,
  fileSaved,
  initialEditorState,
  isDirty,
  needsLoad,
  NON_CURRENT_PROJECT,
  openFile,
  openProject,
  setFiles,
  type EditorState,
} from './editor-state';

const loaded = (content: string) => ({ content, timestamp: '2025-10-01T00:00:00Z' });

/** A project with three files, two of them open (b active), b edited. */
function busyState(): EditorState {
  let state = openProject(initialEditorState, 'p1');
  state = setFiles(state, 'p1', [{ name: 'a.vhd' }, { name: 'b.vhd' }, { name: 'c.v' }]);
  state = openFile(state, 'a.vhd', loaded('A'));
  state = openFile(state, 'b.vhd', loaded('B'));
  return editFile(state, 'b.vhd', 'B2');
}

describe('editor project', () => {
  it('opening another project clears files, open files, active file and dirty set (its builds are SWR-keyed by project)', () => {
    const state = openProject(busyState(), 'p2');
    expect(state).toEqual({ ...initialEditorState, projectId: 'p2' });
  });

  it('opening the same project again does nothing', () => {
    const state = busyState();
    expect(openProject(state, 'p1')).toBe(state);
  });

  it('updating a project that is not the current one is an error', () => {
    const state = busyState();
    expect(() => setFiles(state, 'p2', [])).toThrow(NON_CURRENT_PROJECT);
    expect(() => setFiles(state, 'p2', [])).toThrow('Cannot update non-current project');
  });
});

describe('files', () => {
  it('opening loads the content once and caches it', () => {
    let state = setFiles(openProject(initialEditorState, 'p1'), 'p1', [{ name: 'a.vhd' }]);
    expect(needsLoad(state, 'a.vhd')).toBe(true);
    state = openFile(state, 'a.vhd', loaded('A'));
    expect(needsLoad(state, 'a.vhd')).toBe(false);
    // Re-opening uses the cache, even if a caller passes other content.
    state = openFile(state, 'a.vhd', loaded('other'));
    expect(state.loaded['a.vhd']?.content).toBe('A');
    expect(state.openFiles).toEqual(['a.vhd']);
    expect(state.activeFile).toBe('a.vhd');
  });

  it('closing removes the file from the open files and clears its dirty mark and cached content', () => {
    const state = closeFile(busyState(), 'b.vhd');
    expect(state.openFiles).toEqual(['a.vhd']);
    expect(isDirty(state, 'b.vhd')).toBe(false);
    expect(state.loaded['b.vhd']).toBeUndefined();
    expect(needsLoad(state, 'b.vhd')).toBe(true);
  });

  it('closing the active file makes the first remaining open file active, or none', () => {
    let state = openFile(busyState(), 'c.v', loaded('C'));
    state = closeFile(state, 'c.v');
    expect(state.activeFile).toBe('a.vhd');
    state = closeFile(closeFile(state, 'a.vhd'), 'b.vhd');
    expect(state.activeFile).toBeNull();
  });

  it('closing an inactive file keeps the active one', () => {
    const state = closeFile(busyState(), 'a.vhd');
    expect(state.activeFile).toBe('b.vhd');
  });

  it('editing marks the file dirty', () => {
    let state = busyState();
    expect(isDirty(state, 'a.vhd')).toBe(false);
    state = editFile(state, 'a.vhd', 'A changed');
    expect(isDirty(state, 'a.vhd')).toBe(true);
    expect(state.dirty['a.vhd']).toBe('A changed');
  });

  it('editing back to the saved content clears the dirty mark', () => {
    const state = editFile(busyState(), 'b.vhd', 'B');
    expect(isDirty(state, 'b.vhd')).toBe(false);
  });

  it('saving uses the dirty content and clears the dirty mark', () => {
    let state = busyState();
    const content = contentToSave(state, 'b.vhd');
    expect(content).toBe('B2');
    state = fileSaved(state, 'b.vhd', 'B2', '2025-10-02T00:00:00Z');
    expect(isDirty(state, 'b.vhd')).toBe(false);
    expect(state.loaded['b.vhd']).toEqual({ content: 'B2', timestamp: '2025-10-02T00:00:00Z' });
    expect(state.files.find((f) => f.name === 'b.vhd')?.timestamp).toBe('2025-10-02T00:00:00Z');
  });

  it('typing during a save keeps the newer content dirty', () => {
    let state = busyState();
    state = editFile(state, 'b.vhd', 'B3'); // typed after the save of B2 started
    state = fileSaved(state, 'b.vhd', 'B2', 't2');
    expect(state.dirty['b.vhd']).toBe('B3');
  });

  it('an unopened file has nothing to save', () => {
    expect(contentToSave(busyState(), 'c.v')).toBeUndefined();
  });

  it('deleting closes the file first and removes it from the list', () => {
    const state = fileDeleted(busyState(), 'b.vhd');
    expect(state.openFiles).toEqual(['a.vhd']);
    expect(state.activeFile).toBe('a.vhd');
    expect(state.dirty).toEqual({});
    expect(state.files.map((f) => f.name)).toEqual(['a.vhd', 'c.v']);
  });

  it('renaming updates the name in the file list and the open list', () => {
    const state = fileRenamed(busyState(), 'b.vhd', 'adder.vhd');
    expect(state.files.map((f) => f.name)).toEqual(['a.vhd', 'adder.vhd', 'c.v']);
    expect(state.openFiles).toEqual(['a.vhd', 'adder.vhd']);
    expect(state.activeFile).toBe('adder.vhd');
    expect(state.dirty).toEqual({ 'adder.vhd': 'B2' });
    expect(state.loaded['adder.vhd']?.content).toBe('B');
  });

  it('reloading from the server replaces the cache and drops unsaved edits', () => {
    const state = fileReloaded(busyState(), 'b.vhd', { content: 'theirs', timestamp: 't9' });
    expect(isDirty(state, 'b.vhd')).toBe(false);
    expect(state.loaded['b.vhd']).toEqual({ content: 'theirs', timestamp: 't9' });
    expect(state.files.find((f) => f.name === 'b.vhd')?.timestamp).toBe('t9');
  });

  it('discarding changes clears the dirty mark and keeps the saved content', () => {
    const state = discardChanges(busyState(), 'b.vhd');
    expect(isDirty(state, 'b.vhd')).toBe(false);
    expect(state.loaded['b.vhd']?.content).toBe('B');
  });

  it('a restored draft is dirty and its save expects the version the draft was based on', () => {
    const state = draftRestored(busyState(), 'a.vhd', 'A from draft', 'draft-base');
    expect(state.dirty['a.vhd']).toBe('A from draft');
    expect(state.loaded['a.vhd']).toEqual({ content: 'A', timestamp: 'draft-base' });
  });
});
