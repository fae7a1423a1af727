import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Spinner } from '@/components/spinner';
import type { Diagnostic } from '@/lib/api/schemas';
import { useColorScheme } from '@/lib/color-scheme/color-scheme-provider';
import { useEditorFontSize, useKeybindingsPreference } from '@/lib/editor-preferences';
import { useDraftCheck } from '../hooks/use-draft-check';
import type { FileReveal } from '../hooks/use-open-file';
import { groupByFile } from '../lib/diagnostics-by-file';
import type { Draft } from '../lib/drafts';
import type { EditorState } from '../store/editor-state';
import type { EditorStore } from '../store/editor-store';
import type { CursorPosition } from './code-editor/code-editor';
import type { VimMode } from './code-editor/vim-support';
import { DraftBanner } from './draft-banner';
import { EditorTabs, tabPanelProps } from './editor-tabs';
import { GoToLineDialog } from './go-to-line-dialog';
import { QuickTips } from './quick-tips';
import { StatusLine, type Announcement } from './status-line';

// CodeMirror is the largest part of the app: it is not part of the first page. The editor starts loading
// it as it opens, while the project's files load, so a file's content and CodeMirror arrive side by side
// instead of one after the other (a deep link ?file=&line= used to wait for both in turn).
const loadCodeEditor = () => import('./code-editor/code-editor');
const CodeEditor = lazy(loadCodeEditor);

export interface EditorWorkspaceProps {
  store: EditorStore;
  state: EditorState;
  dirtyNames: ReadonlySet<string>;
  /** Revision per open file (useDocumentRevisions). */
  documents: Record<string, number>;
  /** The file being opened, while it loads. */
  opening: string | null;
  reveal: FileReveal | null;
  revealInFile(file: string, line: number, column?: number): void;
  /** The active file's draft kept from an earlier visit, when one is offered back. */
  activeOffer: Draft | undefined;
  onRestoreDraft(name: string, draft: Draft): void;
  onDiscardDraft(name: string): void;
  onCloseTab(name: string): void;
  onSave(): void;
  /** The latest build's errors and warnings, shown inline in the files they name. */
  diagnostics?: readonly Diagnostic[];
  /** The status line's announcement (saved, restored…). */
  message: Announcement;
}

/**
 * The editor's middle column: tabs, the offer of a kept draft, CodeMirror (or what shows before a file
 * is open), the status line with the cursor and Vim mode, and Go to line.
 */
export function EditorWorkspace({
  store,
  state,
  dirtyNames,
  documents,
  opening,
  reveal,
  revealInFile,
  activeOffer,
  onRestoreDraft,
  onDiscardDraft,
  onCloseTab,
  onSave,
  diagnostics,
  message,
}: EditorWorkspaceProps) {
  const [keybindings] = useKeybindingsPreference();
  const [fontSize] = useEditorFontSize();
  const { scheme } = useColorScheme();
  const editorPanelId = useId();
  const [cursor, setCursor] = useState<CursorPosition>({ line: 1, col: 0 });
  const [vimMode, setVimMode] = useState<VimMode>('NORMAL');
  const [goToLine, setGoToLine] = useState<{ line: number; lines: number } | null>(null);

  useEffect(() => {
    // A failed load is reported where the editor is shown: lazy() loads it again then.
    loadCodeEditor().catch(() => undefined);
  }, []);

  const draftCheck = useDraftCheck(state.projectId);

  const onEditorChange = useCallback((name: string, content: string) => store.editFile(name, content), [store]);

  const active = state.activeFile;
  const activeLoaded = active ? state.loaded[active] : undefined;
  const activeContent = active ? (state.dirty[active] ?? activeLoaded?.content) : undefined;
  // One list per file, kept while the build's diagnostics are the same: the editor applies a list once
  // per document, so a tab switch does not put markers back on lines the user has since moved.
  const diagnosticsByFile = useMemo(() => groupByFile(diagnostics ?? []), [diagnostics]);
  const activeDiagnostics = active ? (diagnosticsByFile.get(active) ?? diagnosticsByFile.none) : undefined;
  const activeTimestamp = active
    ? (state.files.find((f) => f.name === active)?.timestamp ?? activeLoaded?.timestamp)
    : null;

  return (
    <div className="editor-main">
      <EditorTabs
        panelId={editorPanelId}
        openFiles={state.openFiles}
        activeFile={active}
        dirtyNames={dirtyNames}
        onActivate={(name) => store.activateFile(name)}
        onClose={onCloseTab}
      />
      {active && activeOffer && (
        <DraftBanner
          fileName={active}
          draft={activeOffer}
          changedSince={activeOffer.baseTimestamp !== (activeLoaded?.timestamp ?? null)}
          onRestore={() => onRestoreDraft(active, activeOffer)}
          onDiscard={() => onDiscardDraft(active)}
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
              checkDraft={draftCheck}
              onSave={onSave}
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
      <GoToLineDialog
        position={goToLine}
        onClose={() => setGoToLine(null)}
        onGo={({ line, column }) => active && revealInFile(active, line, column)}
      />
    </div>
  );
}
