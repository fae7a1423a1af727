import { useMemo, useState, type ReactNode } from 'react';
import { BottomPanel } from '@/lib/bottom-panel';
import { errorMessage } from '@/lib/api/error-message';
import type { Diagnostic, ProjectConfig } from '@/lib/api/schemas';
import { editorStore } from '../api/editor-api';
import { useDocumentRevisions } from '../hooks/use-document-revisions';
import { useDraftPersistence } from '../hooks/use-draft-persistence';
import { useEditorShortcuts } from '../hooks/use-editor-shortcuts';
import { useEditorState } from '../hooks/use-editor-state';
import { useFileUploads } from '../hooks/use-file-uploads';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useOpenFile } from '../hooks/use-open-file';
import { useProjectLoad } from '../hooks/use-project-load';
import { useSaving } from '../hooks/use-saving';
import { removeDraft } from '../lib/drafts';
import type { EditorStore } from '../store/editor-store';
import { EditorSidePanel } from './editor-side-panel';
import { EditorToolbar } from './editor-toolbar';
import { EditorWorkspace } from './editor-workspace';
import { FileDialogs, type FileQuestion } from './file-dialogs';
import { FilesPanel } from './files-panel';
import { SaveConflictDialog } from './save-conflict-dialog';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';
import { UploadDialog } from './upload-dialog';
import './editor-page.css';
import type { Announcement } from './status-line';

/** What the page offers the panels placed in it (the build log's file:line links). */
export interface EditorPageActions {
  /** Opens `file` (a name, or a path ending in one) and reveals `line` (1-based). */
  openFileAt(file: string, line?: number): void;
}

/** What the page offers actions placed in its toolbar (Simulate saves first, and lists the testbenches). */
export interface EditorToolbarActions {
  /** Saves every unsaved file; false when one could not be saved. */
  saveAll(): Promise<boolean>;
  fileNames: readonly string[];
}

export interface EditorPageProps {
  project: { id: string; name: string; config?: Pick<ProjectConfig, 'target'> };
  /** Queues a build; called by Build and F8 after every dirty file was saved. */
  onBuild?: () => Promise<unknown>;
  /** The build configuration panel, beside the editor (it folds away). */
  sidePanel?: ReactNode;
  /** The shell's bottom panel content (build logs). */
  renderBottomPanel?: (actions: EditorPageActions) => ReactNode;
  /** Actions after Build in the toolbar. */
  renderToolbarActions?: (actions: EditorToolbarActions) => ReactNode;
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
  renderToolbarActions,
  diagnostics,
  store = editorStore,
}: EditorPageProps) {
  const projectId = project.id;
  const state = useEditorState(store);
  const { loadedProject, loadError, retryLoad, draftOffers, dropOffer } = useProjectLoad(store, projectId);
  const { opening, openFile, openFileAt, reveal, revealInFile } = useOpenFile(store, projectId, loadedProject);
  const { documents, bumpRevision } = useDocumentRevisions(state.openFiles);
  const [message, setMessage] = useState<Announcement>({ text: '', id: 0 });
  const [question, setQuestion] = useState<FileQuestion>(null);
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
  const announce = (text: string) => setMessage((previous) => ({ text, id: previous.id + 1 }));

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
  const uploads = useFileUploads({
    create: (name, content, onProgress) => store.createFile(name, content, onProgress),
    // The user chose Replace, told of any unsaved edits first: the tab shows the uploaded content.
    replace: async (name, content) => {
      await store.replaceFile(name, content);
      removeEditsDraft(name);
      bumpRevision(name);
    },
  });
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

  const active = state.activeFile;
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
        extraActions={renderToolbarActions?.({ saveAll: saving.saveAll, fileNames })}
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
        <EditorWorkspace
          store={store}
          state={state}
          dirtyNames={dirtyNames}
          documents={documents}
          opening={opening}
          reveal={reveal}
          revealInFile={revealInFile}
          activeOffer={active ? draftOffers[active] : undefined}
          onRestoreDraft={(name, draft) => {
            store.restoreDraft(name, draft.content, draft.baseTimestamp);
            bumpRevision(name);
            dropOffer(name);
            announce(`Restored the draft of ${name}`);
          }}
          onDiscardDraft={(name) => {
            removeDraft(projectId, name);
            dropOffer(name);
          }}
          onCloseTab={closeTab}
          onSave={() => void saving.saveActive()}
          diagnostics={diagnostics}
          message={message}
        />
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
        focusEditor={(name) => revealInFile(name, 1, 0)}
        announce={announce}
        onForget={(name, how) => {
          if (how === 'closed') return removeEditsDraft(name);
          removeDraft(projectId, name);
          dropOffer(name);
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
        onResolve={(id, choice) => void uploads.resolve(id, choice)}
        unsavedNames={dirtyNames}
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
