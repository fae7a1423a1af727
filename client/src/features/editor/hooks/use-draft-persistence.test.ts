// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { readDraft, writeDraft } from '../lib/drafts';
import { EditorStore, type EditorApi } from '../store/editor-store';
import { useDraftPersistence } from './use-draft-persistence';

function storeWithFile() {
  const api: EditorApi = {
    getProjectFiles: vi.fn(async () => [{ name: 'a.vhd' }]),
    getFile: vi.fn(async () => ({ content: 'saved', timestamp: 't1' })),
    updateFile: vi.fn(async () => ({ timestamp: 't2' })),
    createFile: vi.fn(async (_p: string, name: string) => ({ name })),
    deleteFile: vi.fn(async () => {}),
    renameFile: vi.fn(async () => {}),
  };
  return new EditorStore(api);
}

const recovered = { content: 'recovered work', baseTimestamp: 't0', savedAt: '2025-01-01T00:00:00.000Z' };

describe('useDraftPersistence', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes a dirty file as a draft shortly after a change, and removes it once the file is clean', async () => {
    const store = storeWithFile();
    await store.openProject('p1');
    await store.openFile('a.vhd');
    renderHook(() => useDraftPersistence(store));
    act(() => store.editFile('a.vhd', 'typed'));
    act(() => vi.advanceTimersByTime(1000));
    expect(readDraft('p1', 'a.vhd')).toMatchObject({ content: 'typed', baseTimestamp: 't1' });
    act(() => store.editFile('a.vhd', 'saved'));
    expect(readDraft('p1', 'a.vhd')).toBeNull();
  });

  it('keeps a draft that is being offered back: typing neither overwrites nor removes it until the offer is answered', async () => {
    const store = storeWithFile();
    await store.openProject('p1');
    await store.openFile('a.vhd');
    writeDraft('p1', 'a.vhd', recovered);
    const { rerender } = renderHook(({ offered }) => useDraftPersistence(store, offered), {
      initialProps: { offered: new Set(['a.vhd']) as ReadonlySet<string> },
    });
    act(() => store.editFile('a.vhd', 'x'));
    act(() => vi.advanceTimersByTime(1000));
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft('p1', 'a.vhd')).toEqual(recovered);
    act(() => store.editFile('a.vhd', 'saved')); // typed back to the saved text: clean again
    expect(readDraft('p1', 'a.vhd')).toEqual(recovered);

    // Answered (the offer is discarded): the edits typed since are kept as the draft from now on.
    act(() => store.editFile('a.vhd', 'xy'));
    rerender({ offered: new Set() });
    act(() => vi.advanceTimersByTime(1000));
    expect(readDraft('p1', 'a.vhd')).toMatchObject({ content: 'xy' });
  });
});
