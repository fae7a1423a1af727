import { useEffect, useLayoutEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState, Prec, type Extension, type StateEffect } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { HighlightStyle, StreamLanguage, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { json } from '@codemirror/lang-json';
import { vhdl } from '@codemirror/legacy-modes/mode/vhdl';
import { verilog } from '@codemirror/legacy-modes/mode/verilog';
import { tcl } from '@codemirror/legacy-modes/mode/tcl';
import { oneDark } from '@codemirror/theme-one-dark';
import { emacs } from '@replit/codemirror-emacs';
import { diagnosticsExtension, showDiagnostics, type EditorDiagnostic } from './diagnostics';
import { fileLanguage, type FileLanguage } from './file-language';
import { typingCheck, type DraftCheck } from './typing-check';
import { vimKeybindings, type VimMode } from './vim-support';
import './code-editor.css';

export type Keybindings = 'default' | 'vim' | 'emacs';

export interface CursorPosition {
  line: number;
  /** Zero-based column, as the real product's status line shows it ("Line 1, Col 0"). */
  col: number;
}

export interface CodeEditorProps {
  /** The file shown. Each file keeps its own undo history and selection while it stays open. */
  fileName: string;
  /** The shown file's current content: used when its document is (re)created. */
  content: string;
  /**
   * Every open file with its revision. A file no longer listed is forgotten (closed, renamed); a
   * changed revision means its content was replaced from outside (reloaded, draft restored), so its
   * document is rebuilt from `content`.
   */
  documents: Readonly<Record<string, number>>;
  onChange(fileName: string, content: string): void;
  onCursorChange?(position: CursorPosition): void;
  keybindings: Keybindings;
  dark: boolean;
  fontSize: number;
  /**
   * Scrolls to this line (1-based) when it changes: selects it (a build log link), or puts the cursor at
   * `column` (0-based; Go to line). The line's start stays in sight either way.
   */
  revealLine?: RevealLine | null;
  readOnly?: boolean;
  /** The latest build's errors and warnings in the shown file: gutter markers and underlines. */
  diagnostics?: readonly EditorDiagnostic[];
  /**
   * Checks a VHDL or Verilog file's text on a pause in typing (typing-check.ts); its findings replace the
   * diagnostics shown. Absent: nothing is checked while typing (the API has no such operation).
   */
  checkDraft?: DraftCheck;
  /** Vim's `:w` / `:wq` / `:x`. */
  onSave?(): void;
  /** Vim's mode (with vim keybindings), on start and at every change. */
  onVimModeChange?(mode: VimMode): void;
  /** Ctrl/Cmd+Alt+G: the page asks for a line; CodeMirror's own prompt is not used. */
  onGoToLine?(position: { line: number; lines: number }): void;
}

export interface RevealLine {
  line: number;
  /** Put the cursor here (0-based) instead of selecting the line. */
  column?: number;
  nonce: number;
}

function languageExtension(language: FileLanguage): Extension {
  switch (language) {
    case 'vhdl':
      return StreamLanguage.define(vhdl);
    case 'verilog':
      return StreamLanguage.define(verilog);
    case 'tcl':
      return StreamLanguage.define(tcl);
    case 'json':
      return json();
    default:
      return [];
  }
}

function keybindingExtension(context: EditorContext, keybindings: Keybindings): Extension {
  if (keybindings === 'vim') {
    return vimKeybindings({
      save: () => context.props.onSave?.(),
      modeChanged: (mode) => context.props.onVimModeChange?.(mode),
    });
  }
  if (keybindings === 'emacs') return emacs();
  return [];
}

/**
 * One Dark with the colours that miss WCAG AA on its background (#282c34) and active line made lighter in
 * the same hue: comments and line numbers (#7d8799, 3.9:1 → 5.6:1, 5.3:1 on the active line's gutter),
 * names (#e06c75, 4.4:1 → 5.7:1) and keywords (#c678dd, 4.4:1 on the active line → 5.4:1). The more specific
 * name rules are repeated so they keep One Dark's colours.
 */
const darkTheme: Extension = [
  oneDark,
  Prec.high(EditorView.theme({ '.cm-gutters': { color: '#9da5b4' } }, { dark: true })),
  Prec.high(
    syntaxHighlighting(
      HighlightStyle.define([
        { tag: tags.comment, color: '#9da5b4', fontStyle: 'italic' },
        { tag: tags.keyword, color: '#cf8ee3' },
        { tag: [tags.name, tags.deleted, tags.character, tags.propertyName, tags.macroName], color: '#ec8a92' },
        { tag: [tags.function(tags.variableName), tags.labelName], color: '#61afef' },
        { tag: [tags.color, tags.constant(tags.name), tags.standard(tags.name)], color: '#d19a66' },
        { tag: [tags.definition(tags.name), tags.separator], color: '#abb2bf' },
      ]),
    ),
  ),
];

function fontExtension(fontSize: number): Extension {
  return EditorView.theme({ '&': { fontSize: `${fontSize}px` } });
}

/**
 * CodeMirror 6 for one project's files. Lazy-loaded by the editor page: none of this reaches the
 * first page's JavaScript.
 */
/** What the long-lived CodeMirror handlers share with the component: one object per editor. */
interface EditorContext {
  /** The latest props (callbacks and settings). */
  props: CodeEditorProps;
  compartments: { keys: Compartment; theme: Compartment; font: Compartment; readOnly: Compartment };
  /** Documents of the files not shown now (the shown one lives in the view). */
  parked: Map<string, EditorState>;
  /** The revision each document was created at. */
  revisions: Map<string, number>;
  /** Where each parked file was scrolled (vertically and sideways), to put it back when it is shown again. */
  scrollPositions: Map<string, StateEffect<unknown>>;
  /**
   * The diagnostics list each document last got, with the document's revision: a kept document's lint
   * markers move with its edits, so the build's raw positions are applied once, not at every tab switch.
   */
  appliedDiagnostics: Map<string, { list: readonly EditorDiagnostic[] | undefined; revision: number }>;
  /** The last reveal request carried out: coming back to its file must not jump there again. */
  revealedNonce: number | null;
  shownFile: string | null;
}

function reportCursor(context: EditorContext, state: EditorState) {
  const head = state.selection.main.head;
  const line = state.doc.lineAt(head);
  context.props.onCursorChange?.({ line: line.number, col: head - line.from });
}

/** A new document for a file, with the settings in force. */
function createState(context: EditorContext, fileName: string, content: string): EditorState {
  const { keys, theme, font, readOnly } = context.compartments;
  const p = context.props;
  context.revisions.set(fileName, p.documents[fileName] ?? 0);
  return EditorState.create({
    doc: content,
    extensions: [
      // Ctrl/Cmd+S and F8 are the page's (they work outside the editor too); Ctrl+Alt+G (go to
      // line), search and bracket matching come with basicSetup.
      keys.of(keybindingExtension(context, p.keybindings)),
      // Before basicSetup's Ctrl/Cmd+Alt+G (CodeMirror's unstyled prompt): the page's Go to line dialog.
      Prec.high(
        keymap.of([
          {
            key: 'Mod-Alt-g',
            run: (view) => {
              if (!context.props.onGoToLine) return false;
              const { state } = view;
              context.props.onGoToLine({
                line: state.doc.lineAt(state.selection.main.head).number,
                lines: state.doc.lines,
              });
              return true;
            },
          },
        ]),
      ),
      basicSetup,
      diagnosticsExtension(),
      checksWhileTyping(context, fileName),
      indentUnit.of('  '),
      languageExtension(fileLanguage(fileName)),
      theme.of(p.dark ? darkTheme : []),
      font.of(fontExtension(p.fontSize)),
      readOnly.of(EditorState.readOnly.of(Boolean(p.readOnly))),
      // tabindex makes the scrolled content count as keyboard-reachable for assistive checks.
      EditorView.contentAttributes.of({ 'aria-label': `Editor: ${fileName}`, tabindex: '0' }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) context.props.onChange(fileName, update.state.doc.toString());
        if (update.selectionSet || update.docChanged) reportCursor(context, update.state);
      }),
    ],
  });
}

/** HDL files are checked on a pause in typing, with whatever check the page offers then. */
function checksWhileTyping(context: EditorContext, fileName: string): Extension {
  const language = fileLanguage(fileName);
  if (language !== 'vhdl' && language !== 'verilog') return [];
  return typingCheck(fileName, () => context.props.checkDraft);
}

/** The file's parked document, unless its content was replaced from outside since (new revision). */
function keptState(context: EditorContext, fileName: string): EditorState | undefined {
  const kept = context.parked.get(fileName);
  return kept && context.revisions.get(fileName) === (context.props.documents[fileName] ?? 0) ? kept : undefined;
}

/**
 * CodeMirror 6 for one project's files. Lazy-loaded by the editor page: none of this reaches the
 * first page's JavaScript.
 */
export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const contextRef = useRef<EditorContext>({
    props,
    compartments: {
      keys: new Compartment(),
      theme: new Compartment(),
      font: new Compartment(),
      readOnly: new Compartment(),
    },
    parked: new Map(),
    revisions: new Map(),
    scrollPositions: new Map(),
    appliedDiagnostics: new Map(),
    revealedNonce: null,
    shownFile: null,
  });
  useLayoutEffect(() => {
    contextRef.current.props = props;
  });

  useEffect(() => {
    const context = contextRef.current;
    const { fileName, content } = context.props;
    const editor = new EditorView({ state: createState(context, fileName, content), parent: host.current! });
    view.current = editor;
    context.shownFile = fileName;
    reportCursor(context, editor.state);
    return () => {
      editor.destroy();
      view.current = null;
      context.shownFile = null;
    };
    // Created once; later prop changes are applied by the effects below.
  }, []);

  // Switching files, or the shown file's content replaced from outside: park the outgoing file's
  // document (undo history, selection) and show the incoming one. Closed files are forgotten.
  const revision = props.documents[props.fileName] ?? 0;
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const context = contextRef.current;
    const { documents, fileName, content } = context.props;
    for (const name of [...context.parked.keys()]) if (!(name in documents)) context.parked.delete(name);
    for (const name of [...context.scrollPositions.keys()])
      if (!(name in documents)) context.scrollPositions.delete(name);
    for (const name of [...context.appliedDiagnostics.keys()])
      if (!(name in documents)) context.appliedDiagnostics.delete(name);
    const shown = context.shownFile;
    if (shown === fileName && context.revisions.get(fileName) === revision) return;
    const switching = shown !== fileName;
    if (shown && switching && shown in documents) {
      context.parked.set(shown, editor.state);
      context.scrollPositions.set(shown, editor.scrollSnapshot());
    }
    const kept = keptState(context, fileName);
    const next = kept ?? createState(context, fileName, content);
    context.parked.delete(fileName);
    editor.setState(next);
    context.shownFile = fileName;
    // The scroller is one element for every file: without this a file would open where the last one was
    // scrolled (sideways too). A kept document goes back to its own place; a new one starts top-left.
    if (switching) {
      const position = kept ? context.scrollPositions.get(fileName) : undefined;
      if (position) editor.dispatch({ effects: position });
      else editor.scrollDOM.scrollTo({ top: 0, left: 0 });
    }
    reportCursor(context, next);
  }, [props.fileName, revision, props.documents]);

  // Settings apply live to the shown document and to every parked one; not on mount, where the first
  // document was just made with them (reconfiguring it again cost a full update of the new view).
  const settingsApplied = useRef(false);
  useEffect(() => {
    if (!settingsApplied.current) {
      settingsApplied.current = true;
      return;
    }
    const context = contextRef.current;
    const { keys, theme, font, readOnly } = context.compartments;
    const effects = [
      keys.reconfigure(keybindingExtension(context, props.keybindings)),
      theme.reconfigure(props.dark ? darkTheme : []),
      font.reconfigure(fontExtension(props.fontSize)),
      readOnly.reconfigure(EditorState.readOnly.of(Boolean(props.readOnly))),
    ];
    for (const [name, state] of context.parked) context.parked.set(name, state.update({ effects }).state);
    view.current?.dispatch({ effects });
  }, [props.keybindings, props.dark, props.fontSize, props.readOnly]);

  // The build's diagnostics of the shown file; also after a switch of file (a fresh document has none).
  const diagnostics = props.diagnostics;
  useEffect(() => {
    const editor = view.current;
    const context = contextRef.current;
    const fileName = context.shownFile;
    if (!editor || fileName === null) return;
    const applied = context.appliedDiagnostics.get(fileName);
    const documentRevision = context.revisions.get(fileName) ?? 0;
    if (applied && applied.list === diagnostics && applied.revision === documentRevision) return;
    context.appliedDiagnostics.set(fileName, { list: diagnostics, revision: documentRevision });
    editor.dispatch(showDiagnostics(editor.state, diagnostics ?? []));
  }, [diagnostics, props.fileName, revision]);

  useEffect(() => {
    const editor = view.current;
    const context = contextRef.current;
    if (!editor || !props.revealLine || props.revealLine.nonce === context.revealedNonce) return;
    context.revealedNonce = props.revealLine.nonce;
    const { line: wanted, column } = props.revealLine;
    const line = editor.state.doc.line(Math.min(Math.max(1, wanted), editor.state.doc.lines));
    // A selected line ends at its start (head), so a long line does not scroll the view sideways.
    const selection =
      column === undefined
        ? { anchor: line.to, head: line.from }
        : { anchor: line.from + Math.min(Math.max(0, column), line.length) };
    editor.dispatch({
      selection,
      effects: EditorView.scrollIntoView(selection.head ?? selection.anchor, { y: 'center', x: 'nearest' }),
    });
    editor.focus();
  }, [props.revealLine]);

  return <div ref={host} className="code-editor" data-testid="code-editor" />;
}
