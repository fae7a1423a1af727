import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { removeDraft, writeDraft } from '../lib/drafts';
import type { EditorStore } from '../store/editor-store';

/** How long typing must pause before the draft is written (each write serialises the whole file). */
const DRAFT_DELAY_MS = 400;

let warnedStorageFull = false;

const NONE: ReadonlySet<string> = new Set();

/**
 * Mirrors the unsaved content of the store into local drafts: a dirty file's content is written
 * shortly after each change, and at once when the page is hidden or the editor closes; a file that
 * stops being dirty (saved, discarded, closed, renamed, deleted) loses its draft.
 *
 * The drafts of the files in `offered` (a draft kept from an earlier visit is being offered back) are
 * left alone, neither overwritten nor removed, until the offer is answered: then the file's unsaved
 * content, if any, is written as usual.
 */
export function useDraftPersistence(store: EditorStore, offered: ReadonlySet<string> = NONE): void {
  const offeredRef = useRef(offered);
  const writeSoon = useRef<() => void>(() => {});
  useEffect(() => {
    if (offeredRef.current === offered) return;
    offeredRef.current = offered;
    writeSoon.current();
  }, [offered]);

  useEffect(() => {
    let written: { projectId: string | null; contents: Record<string, string> } = { projectId: null, contents: {} };
    let timer: number | undefined;
    let previous: { projectId: string | null; dirty: Record<string, string> } = { projectId: null, dirty: {} };

    const flush = () => {
      window.clearTimeout(timer);
      const { projectId, dirty, loaded } = store.getState();
      if (!projectId) return;
      if (written.projectId !== projectId) written = { projectId, contents: {} };
      for (const [name, content] of Object.entries(dirty)) {
        if (written.contents[name] === content || offeredRef.current.has(name)) continue;
        const kept = writeDraft(projectId, name, {
          content,
          baseTimestamp: loaded[name]?.timestamp ?? null,
          savedAt: new Date().toISOString(),
        });
        if (kept) written.contents[name] = content;
        else if (!warnedStorageFull) {
          warnedStorageFull = true;
          toast.warning('Unsaved changes could not be kept in this browser', {
            description: 'Its storage is full or blocked. Save your files to keep your work.',
          });
        }
      }
    };

    const onChange = () => {
      const { projectId, dirty } = store.getState();
      // Only within the same project: opening another one empties the dirty set without anyone
      // discarding anything.
      if (projectId && previous.projectId === projectId && previous.dirty !== dirty) {
        for (const name of Object.keys(previous.dirty)) {
          if (!(name in dirty)) {
            if (!offeredRef.current.has(name)) removeDraft(projectId, name);
            delete written.contents[name];
          }
        }
      }
      previous = { projectId, dirty };
      window.clearTimeout(timer);
      if (Object.keys(dirty).length > 0) timer = window.setTimeout(flush, DRAFT_DELAY_MS);
    };

    writeSoon.current = () => {
      window.clearTimeout(timer);
      if (Object.keys(store.getState().dirty).length > 0) timer = window.setTimeout(flush, DRAFT_DELAY_MS);
    };
    const unsubscribe = store.subscribe(onChange);
    onChange();
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      writeSoon.current = () => {};
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [store]);
}
