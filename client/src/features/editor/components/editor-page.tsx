import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ChevronDown, Hammer, Save } from 'lucide-react';
import { ActionMenu } from '@/components/action-menu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { BottomPanel } from '@/lib/bottom-panel';
import { errorMessage } from '@/lib/api/error-message';
import type { Diagnostic, ProjectConfig } from '@/lib/api/schemas';
import { useColorScheme } from '@/lib/color-scheme/color-scheme-provider';
import { useEditorFontSize, useKeybindingsPreference } from '@/lib/editor-preferences';
import { editorStore } from '../api/editor-api';
import { useDraftPersistence } from '../hooks/use-draft-persistence';
import { useEditorShortcuts } from '../hooks/use-editor-shortcuts';
import { useEditorState } from '../hooks/use-editor-state';
import { useFileUploads } from '../hooks/use-file-uploads';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { draftFileNames, readDraft, removeDraft, type Draft } from '../lib/drafts';
import { fileNameProblem, newFileTemplate } from '../lib/file-templates';
import { SaveConflictError, type EditorStore } from '../store/editor-store';
import type { CursorPosition } from './code-editor/code-editor';
import { DraftBanner } from './draft-banner';
import { EditorTabs } from './editor-tabs';
import { FileNameDialog } from './file-name-dialog';
import { FilesPanel } from './files-panel';
import { QuickTips } from './quick-tips';
import { SaveConflictDialog } from './save-conflict-dialog';
import { StatusLine } from './status-line';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';
import { UploadDialog } from './upload-dialog';
import './editor-page.css';

// CodeMirror is the largest part of the app: it loads only when a file is first shown.
const CodeEditor = lazy(() => import('./code-editor/code-editor'));

/** What the page offers the panels placed in it (the build log's file:line links). */
export interface EditorPageActions {
  /** Opens `file` (a name, or a path ending in one) and reveals `line` (1-based). */
  openFileAt(file: string, line?: number): void;
}

export interface EditorPageProps {
  project: { id: string; name: string; config?: Pick<ProjectConfig, 'target'> };
  /** Queues a build; called by Build and F8 after every dirty file was saved. */
  onBuild?: () => Promise<unknown>;
  /** The build configuration and latest build panels, beside the editor. */
  sidePanel?: ReactNode;
  /** The shell's bottom panel content (build logs). */
  renderBottomPanel?: (actions: EditorPageActions) => ReactNode;
  /** The latest build's errors and warnings, shown inline in the files they name. */
  diagnostics?: readonly Diagnostic[];
  store?: EditorStore;
}

type NameDialog = { kind: 'new' } | { kind: 'rename'; name: string } | null;

/**
 * The project editor: Files panel, tabs, CodeMirror, status line, Save / Save all / Build, and the
 * places for the build panels. Nothing typed is lost: drafts are kept locally, leaving asks first,
 * and a save over a version saved elsewhere asks which to keep.
 */
export function EditorPage({ project, onBuild, sidePanel, renderBottomPanel, diagnostics, store = editorStore }: EditorPageProps) {
  const projectId = project.id;
  const state = useEditorState(store);
  const [keybindings] = useKeybindingsPreference();
  const [fontSize] = useEditorFontSize();
  const { scheme } = useColorScheme();
  const [searchParams] = useSearchParams();

  const [loadedProject, setLoadedProject] = useState<string | null>(() =>
    store.getState().projectId === projectId ? projectId : null,
  );
  const [loadError, setLoadError] = useState<unknown>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [cursor, setCursor] = useState<CursorPosition>({ line: 1, col: 0 });
  const [message, setMessage] = useState('');
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const [reveal, setReveal] = useState<{ file: string; line: number; nonce: number } | null>(null);
  const [draftOffers, setDraftOffers] = useState<Record<string, Draft>>({});
  const [conflicts, setConflicts] = useState<string[]>([]);
  const [nameDialog, setNameDialog] = useState<NameDialog>(null);
  const [deleteCandidate, setDeleteCandidate] = useState<string | null>(null);
  const [closeCandidate, setCloseCandidate] = useState<string | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [building, setBuilding] = useState(false);
  const buildingRef = useRef(false);

  // A draft being offered back stays as it is until the offer is answered (typing does not replace it).
  const offeredDrafts = useMemo(() => new Set(Object.keys(draftOffers)), [draftOffers]);
  useDraftPersistence(store, offeredDrafts);
  /** Removes the draft of a file's unsaved edits being discarded, but not a draft still on offer. */
  const removeEditsDraft = (name: string) => {
    if (!(name in draftOffers)) removeDraft(projectId, name);
  };

  const dirtyNames = useMemo(() => new Set(Object.keys(state.dirty)), [state.dirty]);
  const fileNames = useMemo(() => state.files.map((file) => file.name), [state.files]);
  const documents = useMemo(
    () => Object.fromEntries(state.openFiles.map((name) => [name, revisions[name] ?? 0])),
    [state.openFiles, revisions],
  );
  const bumpRevision = (name: string) => setRevisions((current) => ({ ...current, [name]: (current[name] ?? 0) + 1 }));
  const announce = (text: string) => setMessage(text);

  const openFile = useCallback(
    async (name: string): Promise<boolean> => {
      setOpening(name);
      try {
        await store.openFile(name);
        return true;
      } catch (error) {
        toast.error(`Could not open ${name}`, { description: errorMessage(error, 'The file could not be loaded. Please try again.') });
        return false;
      } finally {
        setOpening((current) => (current === name ? null : current));
      }
    },
    [store],
  );

  const openFileAt = useCallback(
    async (file: string, line?: number) => {
      const names = store.getState().files.map((f) => f.name);
      const base = (file.split(/[\\/]/).pop() ?? file).toLowerCase();
      const name = names.find((n) => n === file) ?? names.find((n) => n.toLowerCase() === base);
      if (!name) {
        toast.error(`${file} is not in this project`);
        return;
      }
      if (!(await openFile(name))) return;
      if (line && line > 0) setReveal({ file: name, line, nonce: Date.now() });
    },
    [store, openFile],
  );

  // Opening another project resets the store and loads afresh; the same project loads nothing again
  // but still waits for its load (React StrictMode cancels the first run of this effect after it
  // started the load). Then: files with drafts kept from an earlier visit are opened and their drafts
  // offered back — not files with unsaved edits in the store already (their draft mirrors them).
  useEffect(() => {
    let cancelled = false;
    store
      .openProject(projectId)
      .then(async () => {
        if (cancelled) return;
        setLoadedProject(projectId);
        const offers: Record<string, Draft> = {};
        const existing = new Set(store.getState().files.map((file) => file.name));
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
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(error);
      });
    return () => {
      cancelled = true;
    };
  }, [store, projectId]);

  // A deep link (?file=name&line=n, from build log links elsewhere) opens that file at that line. The
  // query stays (it is the link the user followed); it applies once per change.
  const requestedFile = searchParams.get('file');
  const requestedLine = Number(searchParams.get('line')) || undefined;
  useEffect(() => {
    if (!requestedFile || loadedProject !== projectId) return;
    // After this commit: opening updates the page's state.
    void Promise.resolve().then(() => openFileAt(requestedFile, requestedLine));
  }, [requestedFile, requestedLine, loadedProject, projectId, openFileAt]);

  const retryLoad = () => {
    setLoadError(null);
    store
      .reloadFiles()
      .then(() => setLoadedProject(projectId))
      .catch((error: unknown) => setLoadError(error));
  };

  // Saving -----------------------------------------------------------------------------------
  const reportSaveFailures = (failed: { name: string; error: unknown }[]) => {
    const conflicted = failed.filter((f) => f.error instanceof SaveConflictError).map((f) => f.name);
    if (conflicted.length) setConflicts((current) => [...new Set([...current, ...conflicted])]);
    const others = failed.filter((f) => !(f.error instanceof SaveConflictError));
    if (others.length) {
      toast.error(`Could not save ${others.map((f) => f.name).join(', ')}`, {
        description: errorMessage(others[0]!.error, 'Your changes are kept. Please try again.'),
      });
    }
  };

  const saveActive = async () => {
    const name = store.getState().activeFile;
    if (!name) return;
    if (!(name in store.getState().dirty)) {
      announce(`${name} has no unsaved changes`);
      return;
    }
    try {
      await store.saveFile(name);
      announce(`Saved ${name}`);
    } catch (error) {
      reportSaveFailures([{ name, error }]);
    }
  };

  /** Saves every dirty file; true when all of them are saved. */
  const saveAll = async (): Promise<boolean> => {
    const result = await store.saveAll();
    if (result.saved.length) announce(`Saved ${result.saved.join(', ')}`);
    reportSaveFailures(result.failed);
    return result.failed.length === 0;
  };

  const saveAndBuild = async () => {
    if (!onBuild || buildingRef.current) return;
    buildingRef.current = true;
    setBuilding(true);
    try {
      if (!(await saveAll())) {
        toast.error('The build was not queued', { description: 'Some files could not be saved. Resolve that, then build again.' });
        return;
      }
      await onBuild();
    } finally {
      buildingRef.current = false;
      setBuilding(false);
    }
  };

  useEditorShortcuts({ onSave: () => void saveActive(), onSaveAndBuild: () => void saveAndBuild() });

  const conflictFile = conflicts[0] ?? null;
  const resolveConflict = () => setConflicts((current) => current.slice(1));
  const keepMine = async () => {
    if (!conflictFile) return;
    try {
      await store.saveFile(conflictFile, { overwrite: true });
      announce(`Saved ${conflictFile}`);
      resolveConflict();
    } catch (error) {
      toast.error(`Could not save ${conflictFile}`, { description: errorMessage(error, 'Your changes are kept. Please try again.') });
    }
  };
  const useTheirs = async () => {
    if (!conflictFile) return;
    try {
      await store.reloadFile(conflictFile);
      removeEditsDraft(conflictFile);
      bumpRevision(conflictFile);
      announce(`Loaded the saved version of ${conflictFile}`);
      resolveConflict();
    } catch (error) {
      toast.error(`Could not load ${conflictFile}`, { description: errorMessage(error, 'Please try again.') });
    }
  };

  // Leaving ----------------------------------------------------------------------------------
  const blocker = useLeaveGuard(dirtyNames.size > 0);
  const discardAll = () => {
    for (const name of Object.keys(store.getState().dirty)) removeEditsDraft(name);
    store.discardAllChanges();
  };

  // Files ------------------------------------------------------------------------------------
  const uploads = useFileUploads(
    useCallback((name: string, content: string, onProgress: (fraction: number) => void) => store.createFile(name, content, onProgress), [store]),
  );
  const startUpload = (files?: File[]) => {
    setUploadOpen(true);
    if (files?.length) void uploads.start(files, store.getState().files.map((f) => f.name));
  };

  const closeTab = (name: string) => {
    if (name in store.getState().dirty) setCloseCandidate(name);
    else store.closeFile(name);
  };

  const onEditorChange = useCallback(
    (name: string, content: string) => store.editFile(name, content),
    [store],
  );

  const dropOffer = (name: string) =>
    setDraftOffers((offers) => {
      const { [name]: _dropped, ...rest } = offers;
      return rest;
    });

  const active = state.activeFile;
  const activeLoaded = active ? state.loaded[active] : undefined;
  const activeContent = active ? (state.dirty[active] ?? activeLoaded?.content) : undefined;
  const activeOffer = active ? draftOffers[active] : undefined;
  const activeDiagnostics = useMemo(() => diagnostics?.filter((d) => d.file === active), [diagnostics, active]);
  const activeTimestamp = active ? (state.files.find((f) => f.name === active)?.timestamp ?? activeLoaded?.timestamp) : null;
  const filesLoading = loadedProject !== projectId && !loadError;

  return (
    <section className="editor-page" aria-labelledby="editor-title">
      <header className="editor-header">
        <h1 id="editor-title">
          Project: {project.name}
          {active && <span className="editor-title-file"> / {active}</span>}
        </h1>
        <div className="editor-actions">
          <div className="split-button">
            <button
              type="button"
              className="button"
              onClick={() => void saveActive()}
              disabled={!active || !dirtyNames.has(active)}
              aria-keyshortcuts="Control+S"
            >
              <Save size={16} aria-hidden="true" /> Save
            </button>
            <ActionMenu
              label="More save options"
              icon={<ChevronDown size={16} aria-hidden="true" />}
              items={[{ label: 'Save all', onSelect: () => void saveAll(), disabled: dirtyNames.size === 0 }]}
            />
          </div>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void saveAndBuild()}
            disabled={!onBuild || building}
            aria-busy={building}
            aria-keyshortcuts="F8"
          >
            <Hammer size={16} aria-hidden="true" /> {building ? 'Building…' : 'Build'}
          </button>
        </div>
      </header>

      {loadError ? (
        <div className="editor-load-error" role="alert">
          <p className="error-text">{errorMessage(loadError, 'The project files could not be loaded.')}</p>
          <button type="button" className="button" onClick={retryLoad}>
            Try again
          </button>
        </div>
      ) : null}

      <div className="editor-body">
        <FilesPanel
          files={state.files}
          loading={filesLoading}
          activeFile={active}
          dirtyNames={dirtyNames}
          onOpen={(name) => void openFile(name)}
          onNewFile={() => setNameDialog({ kind: 'new' })}
          onUpload={startUpload}
          onRename={(name) => setNameDialog({ kind: 'rename', name })}
          onDelete={setDeleteCandidate}
        />
        <div className="editor-main">
          <EditorTabs
            openFiles={state.openFiles}
            activeFile={active}
            dirtyNames={dirtyNames}
            onActivate={(name) => store.activateFile(name)}
            onClose={closeTab}
          />
          {active && activeOffer && (
            <DraftBanner
              fileName={active}
              draft={activeOffer}
              changedSince={activeOffer.baseTimestamp !== (activeLoaded?.timestamp ?? null)}
              onRestore={() => {
                store.restoreDraft(active, activeOffer.content, activeOffer.baseTimestamp);
                bumpRevision(active);
                dropOffer(active);
                announce(`Restored the draft of ${active}`);
              }}
              onDiscard={() => {
                removeDraft(projectId, active);
                dropOffer(active);
              }}
            />
          )}
          <div className="editor-surface">
            {active && activeContent !== undefined ? (
              <Suspense fallback={<Spinner label="Loading the editor" />}>
                <CodeEditor
                  fileName={active}
                  content={activeContent}
                  documents={documents}
                  onChange={onEditorChange}
                  onCursorChange={setCursor}
                  keybindings={keybindings}
                  dark={scheme === 'dark'}
                  fontSize={fontSize}
                  revealLine={reveal && reveal.file === active ? reveal : null}
                  diagnostics={activeDiagnostics}
                />
              </Suspense>
            ) : opening ? (
              <Spinner label={`Opening ${opening}`} />
            ) : (
              <QuickTips hasFiles={state.files.length > 0} />
            )}
          </div>
          <StatusLine fileName={active} lastUpdated={activeTimestamp} cursor={cursor} message={message} />
        </div>
        {sidePanel && (
          <aside className="editor-side" aria-label="Build">
            {sidePanel}
          </aside>
        )}
      </div>

      {renderBottomPanel && <BottomPanel>{renderBottomPanel({ openFileAt: (file, line) => void openFileAt(file, line) })}</BottomPanel>}

      <FileNameDialog
        open={nameDialog?.kind === 'new'}
        onOpenChange={(open) => !open && setNameDialog(null)}
        title="New file"
        submitLabel="Create"
        validate={(name) => fileNameProblem(name, fileNames)}
        onSubmit={async (name) => {
          await store.createFile(name, newFileTemplate(name, project.config?.target));
          await openFile(name);
          announce(`Created ${name}`);
        }}
      />
      <FileNameDialog
        open={nameDialog?.kind === 'rename'}
        onOpenChange={(open) => !open && setNameDialog(null)}
        title={nameDialog?.kind === 'rename' ? `Rename ${nameDialog.name}` : 'Rename'}
        submitLabel="Rename"
        initialName={nameDialog?.kind === 'rename' ? nameDialog.name : ''}
        validate={(name) => {
          const from = nameDialog?.kind === 'rename' ? nameDialog.name : '';
          if (name.trim() === from) return 'Enter a different name.';
          return fileNameProblem(name, fileNames.filter((n) => n !== from));
        }}
        onSubmit={async (name) => {
          if (nameDialog?.kind !== 'rename') return;
          await store.renameFile(nameDialog.name, name);
          announce(`Renamed ${nameDialog.name} to ${name}`);
        }}
      />
      <ConfirmDialog
        open={deleteCandidate !== null}
        onOpenChange={(open) => !open && setDeleteCandidate(null)}
        title="Delete file"
        message={
          deleteCandidate !== null && deleteCandidate in state.dirty
            ? `Delete ${deleteCandidate}? It has unsaved changes, which will be lost too. This cannot be undone.`
            : `Delete ${deleteCandidate ?? ''}? This cannot be undone.`
        }
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          if (!deleteCandidate) return;
          try {
            await store.deleteFile(deleteCandidate);
            removeDraft(projectId, deleteCandidate);
            dropOffer(deleteCandidate);
            announce(`Deleted ${deleteCandidate}`);
          } catch (error) {
            toast.error(`Could not delete ${deleteCandidate}`, { description: errorMessage(error, 'Please try again.') });
            throw error;
          }
        }}
      />
      <ConfirmDialog
        open={closeCandidate !== null}
        onOpenChange={(open) => !open && setCloseCandidate(null)}
        title="Close without saving?"
        message={`${closeCandidate ?? ''} has unsaved changes. Closing it discards them.`}
        confirmLabel="Close without saving"
        destructive
        onConfirm={() => {
          if (!closeCandidate) return;
          removeEditsDraft(closeCandidate);
          store.closeFile(closeCandidate);
        }}
      />
      <UploadDialog
        open={uploadOpen}
        onOpenChange={(open) => {
          setUploadOpen(open);
          if (!open) uploads.clearFinished();
        }}
        items={uploads.items}
        onFiles={(files) => startUpload(files)}
      />
      <SaveConflictDialog fileName={conflictFile} onKeepMine={keepMine} onUseTheirs={useTheirs} onCancel={resolveConflict} />
      <UnsavedChangesDialog
        open={blocker.state === 'blocked'}
        fileNames={[...dirtyNames]}
        onStay={() => blocker.reset?.()}
        onDiscard={() => {
          discardAll();
          blocker.proceed?.();
        }}
        onSaveAndLeave={async () => {
          if (await saveAll()) blocker.proceed?.();
          else blocker.reset?.();
        }}
      />
    </section>
  );
}
