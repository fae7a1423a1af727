import { useEffect, useLayoutEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { StreamLanguage, indentUnit } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { vhdl } from '@codemirror/legacy-modes/mode/vhdl';
import { verilog } from '@codemirror/legacy-modes/mode/verilog';
import { tcl } from '@codemirror/legacy-modes/mode/tcl';
import { oneDark } from '@codemirror/theme-one-dark';
import { vim } from '@replit/codemirror-vim';
import { emacs } from '@replit/codemirror-emacs';
import { diagnosticsExtension, showDiagnostics, type EditorDiagnostic } from './diagnostics';
import { fileLanguage, type FileLanguage } from './file-language';
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
  /** Scrolls to and selects this line (1-based) when it changes, e.g. from a build log link. */
  revealLine?: { line: number; nonce: number } | null;
  readOnly?: boolean;
  /** The latest build's errors and warnings in the shown file: gutter markers and underlines. */
  diagnostics?: readonly EditorDiagnostic[];
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

function keybindingExtension(keybindings: Keybindings): Extension {
  if (keybindings === 'vim') return vim();
  if (keybindings === 'emacs') return emacs();
  return [];
}

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
      keys.of(keybindingExtension(p.keybindings)),
      basicSetup,
      diagnosticsExtension(),
      indentUnit.of('  '),
      languageExtension(fileLanguage(fileName)),
      theme.of(p.dark ? oneDark : []),
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
    compartments: { keys: new Compartment(), theme: new Compartment(), font: new Compartment(), readOnly: new Compartment() },
    parked: new Map(),
    revisions: new Map(),
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
    const shown = context.shownFile;
    if (shown === fileName && context.revisions.get(fileName) === revision) return;
    if (shown && shown !== fileName && shown in documents) context.parked.set(shown, editor.state);
    const next = keptState(context, fileName) ?? createState(context, fileName, content);
    context.parked.delete(fileName);
    editor.setState(next);
    context.shownFile = fileName;
    reportCursor(context, next);
  }, [props.fileName, revision, props.documents]);

  // Settings apply live to the shown document and to every parked one.
  useEffect(() => {
    const context = contextRef.current;
    const { keys, theme, font, readOnly } = context.compartments;
    const effects = [
      keys.reconfigure(keybindingExtension(props.keybindings)),
      theme.reconfigure(props.dark ? oneDark : []),
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
    if (!editor) return;
    editor.dispatch(showDiagnostics(editor.state, diagnostics ?? []));
  }, [diagnostics, props.fileName, revision]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !props.revealLine) return;
    const lineNumber = Math.min(Math.max(1, props.revealLine.line), editor.state.doc.lines);
    const line = editor.state.doc.line(lineNumber);
    editor.dispatch({
      selection: { anchor: line.from, head: line.to },
      effects: EditorView.scrollIntoView(line.from, { y: 'center' }),
    });
    editor.focus();
  }, [props.revealLine]);

  return <div ref={host} className="code-editor" data-testid="code-editor" />;
}
