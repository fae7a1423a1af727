import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
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
import { useProjectLoad } from '../hooks/use-project-load';
import { useSaving } from '../hooks/use-saving';
import { removeDraft } from '../lib/drafts';
import type { EditorStore } from '../store/editor-store';
import type { CursorPosition, RevealLine } from './code-editor/code-editor';
import type { VimMode } from './code-editor/vim-support';
import { DraftBanner } from './draft-banner';
import { EditorSidePanel } from './editor-side-panel';
import { EditorTabs, tabPanelProps } from './editor-tabs';
import { EditorToolbar } from './editor-toolbar';
import { FileDialogs, type FileQuestion } from './file-dialogs';
import { FilesPanel } from './files-panel';
import { GoToLineDialog } from './go-to-line-dialog';
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
  /** The build configuration panel, beside the editor (it folds away). */
  sidePanel?: ReactNode;
  /** The shell's bottom panel content (build logs). */
  renderBottomPanel?: (actions: EditorPageActions) => ReactNode;
  /** The latest build's errors and warnings, shown inline in the files they name. */
  diagnostics?: readonly Diagnostic[];
  store?: EditorStore;
}

/**
 * The project editor: Files panel, tabs, CodeMirror, status line, Save / Save all / Build, and the
 * places for the build panels. Nothing typed is lost: drafts are kept locally, leaving asks first,
 * and a save over a version saved elsewhere asks which to keep. The open tabs come back after a reload.
 */
export function EditorPage({
  project,
  onBuild,
  sidePanel,
  renderBottomPanel,
  diagnostics,
  store = editorStore,
}: EditorPageProps) {
  const projectId = project.id;
  const state = useEditorState(store);
  const editorPanelId = useId();
  const [keybindings] = useKeybindingsPreference();
  const [fontSize] = useEditorFontSize();
  const { scheme } = useColorScheme();
  const [searchParams] = useSearchParams();
  const { loadedProject, loadError, retryLoad, draftOffers, dropOffer } = useProjectLoad(store, projectId);

  const [opening, setOpening] = useState<string | null>(null);
  const [cursor, setCursor] = useState<CursorPosition>({ line: 1, col: 0 });
  const [vimMode, setVimMode] = useState<VimMode>('NORMAL');
  const [message, setMessage] = useState('');
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const [reveal, setReveal] = useState<(RevealLine & { file: string }) | null>(null);
  const [question, setQuestion] = useState<FileQuestion>(null);
  const [goToLine, setGoToLine] = useState<{ line: number; lines: number } | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);

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
        toast.error(`Could not open ${name}`, {
          description: errorMessage(error, 'The file could not be loaded. Please try again.'),
        });
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

  // A deep link (?file=name&line=n, from build log links elsewhere) opens that file at that line. The
  // query stays (it is the link the user followed); it applies once per change.
  const requestedFile = searchParams.get('file');
  const requestedLine = Number(searchParams.get('line')) || undefined;
  useEffect(() => {
    if (!requestedFile || loadedProject !== projectId) return;
    // After this commit: opening updates the page's state.
    void Promise.resolve().then(() => openFileAt(requestedFile, requestedLine));
  }, [requestedFile, requestedLine, loadedProject, projectId, openFileAt]);

  const saving = useSaving(store, {
    onBuild,
    announce,
    onReloaded: (name) => {
      removeEditsDraft(name);
      bumpRevision(name);
    },
  });
  useEditorShortcuts({ onSave: () => void saving.saveActive(), onSaveAndBuild: () => void saving.saveAndBuild() });

  // Leaving ----------------------------------------------------------------------------------
  const blocker = useLeaveGuard(dirtyNames.size > 0);
  const discardAll = () => {
    for (const name of Object.keys(store.getState().dirty)) removeEditsDraft(name);
    store.discardAllChanges();
  };

  // Files ------------------------------------------------------------------------------------
  const uploads = useFileUploads(
    useCallback(
      (name: string, content: string, onProgress: (fraction: number) => void) =>
        store.createFile(name, content, onProgress),
      [store],
    ),
  );
  const startUpload = (files?: File[]) => {
    setUploadOpen(true);
    if (files?.length)
      void uploads.start(
        files,
        store.getState().files.map((f) => f.name),
      );
  };

  const closeTab = (name: string) => {
    if (name in store.getState().dirty) setQuestion({ kind: 'close', name });
    else store.closeFile(name);
  };

  const onEditorChange = useCallback((name: string, content: string) => store.editFile(name, content), [store]);

  const active = state.activeFile;
  const activeLoaded = active ? state.loaded[active] : undefined;
  const activeContent = active ? (state.dirty[active] ?? activeLoaded?.content) : undefined;
  const activeOffer = active ? draftOffers[active] : undefined;
  // One list per file, kept while the build's diagnostics are the same: the editor applies a list once
  // per document, so a tab switch does not put markers back on lines the user has since moved.
  const diagnosticsByFile = useMemo(() => groupByFile(diagnostics ?? []), [diagnostics]);
  const activeDiagnostics = active ? (diagnosticsByFile.get(active) ?? diagnosticsByFile.none) : undefined;
  const activeTimestamp = active
    ? (state.files.find((f) => f.name === active)?.timestamp ?? activeLoaded?.timestamp)
    : null;
  const filesLoading = loadedProject !== projectId && !loadError;

  return (
    <section className="editor-page" aria-labelledby="editor-title">
      <EditorToolbar
        projectName={project.name}
        activeFile={active}
        canSave={Boolean(active && dirtyNames.has(active))}
        canSaveAll={dirtyNames.size > 0}
        canBuild={Boolean(onBuild)}
        building={saving.building}
        onSave={() => void saving.saveActive()}
        onSaveAll={() => void saving.saveAll()}
        onBuild={() => void saving.saveAndBuild()}
      />

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
          onNewFile={() => setQuestion({ kind: 'new' })}
          onUpload={startUpload}
          onRename={(name) => setQuestion({ kind: 'rename', name })}
          onDelete={(name) => setQuestion({ kind: 'delete', name })}
        />
        <div className="editor-main">
          <EditorTabs
            panelId={editorPanelId}
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
          <div className="editor-surface" {...tabPanelProps(editorPanelId, state.openFiles, active)}>
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
                  onSave={() => void saving.saveActive()}
                  onVimModeChange={setVimMode}
                  onGoToLine={setGoToLine}
                />
              </Suspense>
            ) : opening ? (
              <Spinner label={`Opening ${opening}`} />
            ) : (
              <QuickTips hasFiles={state.files.length > 0} />
            )}
          </div>
          <StatusLine
            fileName={active}
            lastUpdated={activeTimestamp}
            cursor={cursor}
            vimMode={keybindings === 'vim' && active ? vimMode : null}
            message={message}
          />
        </div>
        {sidePanel && <EditorSidePanel>{sidePanel}</EditorSidePanel>}
      </div>

      {renderBottomPanel && (
        <BottomPanel>{renderBottomPanel({ openFileAt: (file, line) => void openFileAt(file, line) })}</BottomPanel>
      )}

      <FileDialogs
        store={store}
        question={question}
        onDone={() => setQuestion(null)}
        fileNames={fileNames}
        dirtyNames={dirtyNames}
        target={project.config?.target}
        openFile={openFile}
        announce={announce}
        onForget={(name, how) => {
          if (how === 'closed') return removeEditsDraft(name);
          removeDraft(projectId, name);
          dropOffer(name);
        }}
      />
      <GoToLineDialog
        position={goToLine}
        onClose={() => setGoToLine(null)}
        onGo={({ line, column }) => active && setReveal({ file: active, line, column, nonce: Date.now() })}
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
      <SaveConflictDialog
        fileName={saving.conflictFile}
        onKeepMine={saving.keepMine}
        onUseTheirs={saving.useTheirs}
        onCancel={saving.resolveConflict}
      />
      <UnsavedChangesDialog
        open={blocker.state === 'blocked'}
        fileNames={[...dirtyNames]}
        onStay={() => blocker.reset?.()}
        onDiscard={() => {
          discardAll();
          blocker.proceed?.();
        }}
        onSaveAndLeave={async () => {
          if (await saving.saveAll()) blocker.proceed?.();
          else blocker.reset?.();
        }}
      />
    </section>
  );
}

/** The diagnostics of each file; `none` (one list per build) for a file without any, so a new build clears old markers. */
function groupByFile(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> & { none: readonly Diagnostic[] } {
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    const list = byFile.get(diagnostic.file);
    if (list) list.push(diagnostic);
    else byFile.set(diagnostic.file, [diagnostic]);
  }
  return Object.assign(byFile, { none: [] as readonly Diagnostic[] });
}
