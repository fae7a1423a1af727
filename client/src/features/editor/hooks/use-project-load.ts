import { useCallback, useEffect, useRef, useState } from 'react';
import { draftFileNames, readDraft, removeDraft, type Draft } from '../lib/drafts';
import { readOpenTabs, writeOpenTabs } from '../lib/open-tabs';
import type { EditorStore } from '../store/editor-store';

export interface ProjectLoad {
  /** The project whose files are loaded (the store's), or null while loading. */
  loadedProject: string | null;
  loadError: unknown;
  retryLoad(): void;
  /** Drafts kept from an earlier visit, offered back (file name → draft). */
  draftOffers: Record<string, Draft>;
  dropOffer(name: string): void;
}

/**
 * Opens the project in the store. Opening another project resets the store and loads afresh; the same
 * project loads nothing again but still waits for its load (React StrictMode cancels the first run of the
 * effect after it started the load). Then, when no tab is open: the tabs open at the last visit (kept in
 * this browser) are opened again, the active one last. Then files with drafts kept from an earlier visit
 * are opened and their drafts offered back — not files with unsaved edits in the store already (their
 * draft mirrors them). From then on the open tabs are remembered as they change.
 */
export function useProjectLoad(store: EditorStore, projectId: string): ProjectLoad {
  const [loadedProject, setLoadedProject] = useState<string | null>(() =>
    store.getState().projectId === projectId ? projectId : null,
  );
  const [loadError, setLoadError] = useState<unknown>(null);
  const [draftOffers, setDraftOffers] = useState<Record<string, Draft>>({});
  const tabsRestored = useRef(false);

  useEffect(() => {
    let cancelled = false;
    tabsRestored.current = false;
    const load = async () => {
      await store.openProject(projectId);
      if (cancelled) return;
      const existing = new Set(store.getState().files.map((file) => file.name));
      if (store.getState().openFiles.length === 0) {
        const kept = readOpenTabs(projectId);
        for (const name of kept?.open.filter((n) => existing.has(n)) ?? []) {
          if (cancelled) return;
          await store.openFile(name).catch(() => undefined); // a file that cannot load stays closed
        }
        if (cancelled) return;
        if (kept?.active && store.getState().openFiles.includes(kept.active)) store.activateFile(kept.active);
      }
      tabsRestored.current = true;
      // Loaded once the kept tabs are back: a deep link (?file=&line=) waits for this, so it is opened
      // last and stays the active tab.
      setLoadedProject(projectId);
      const offers: Record<string, Draft> = {};
      for (const name of draftFileNames(projectId).filter((n) => existing.has(n))) {
        if (cancelled) return;
        if (name in store.getState().dirty) continue;
        const draft = readDraft(projectId, name);
        if (!draft) continue;
        try {
          await store.openFile(name);
        } catch {
          continue; // the draft stays for a later visit
        }
        if (store.getState().loaded[name]?.content === draft.content) removeDraft(projectId, name);
        else offers[name] = draft;
      }
      if (!cancelled) setDraftOffers(offers);
    };
    load().catch((error: unknown) => {
      if (!cancelled) setLoadError(error);
    });
    return () => {
      cancelled = true;
    };
  }, [store, projectId]);

  // The open tabs and the active one, remembered as they change (once the kept ones were opened again).
  useEffect(() => {
    let previous = { open: store.getState().openFiles, active: store.getState().activeFile };
    return store.subscribe(() => {
      const state = store.getState();
      if (!tabsRestored.current || state.projectId !== projectId) return;
      if (state.openFiles === previous.open && state.activeFile === previous.active) return;
      previous = { open: state.openFiles, active: state.activeFile };
      writeOpenTabs(projectId, { open: state.openFiles, active: state.activeFile });
    });
  }, [store, projectId]);

  const retryLoad = useCallback(() => {
    setLoadError(null);
    store
      .reloadFiles()
      .then(() => setLoadedProject(projectId))
      .catch((error: unknown) => setLoadError(error));
  }, [store, projectId]);

  const dropOffer = useCallback(
    (name: string) =>
      setDraftOffers((offers) => {
        const { [name]: _dropped, ...rest } = offers;
        return rest;
      }),
    [],
  );

  return { loadedProject, loadError, retryLoad, draftOffers, dropOffer };
}
