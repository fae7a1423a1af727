import { useSyncExternalStore } from 'react';
import type { EditorState } from '../store/editor-state';
import type { EditorStore } from '../store/editor-store';

/** The editor store's state, re-rendering on every change. */
export function useEditorState(store: EditorStore): EditorState {
  return useSyncExternalStore(store.subscribe, store.getState);
}
