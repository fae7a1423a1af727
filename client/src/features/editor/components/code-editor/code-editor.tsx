import { useEffect, useLayoutEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { StreamLanguage, indentUnit } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { vhdl } from '@codemirror/legacy-modes/mode/vhdl';
import { verilog } from '@codemirror/legacy-modes/mode/verilog';
import { tcl } from '@codemirror/legacy-modes/mode/tcl';
import { oneDark } from '@codemirror/theme-one-dark';
import { vim } from '@replit/codemirror-vim';
import { emacs } from '@replit/codemirror-emacs';
import { fileLanguage, type FileLanguage } from './file-language';
import './code-editor.css';

export type Keybindings = 'default' | 'vim' | 'emacs';

export interface CursorPosition {
  line: number;
  /** Zero-based column, as the real product's status line shows it ("Line 1, Col 0"). */
  col: number;
}

export interface CodeEditorProps {
  /** Identifies the document: each file keeps its own undo history and selection. */
  fileName: string;
  /** The content to show when the file is first opened in this editor (later changes come from the user). */
  initialContent: string;
  onChange(fileName: string, content: string): void;
  onCursorChange?(position: CursorPosition): void;
  /** Ctrl/Cmd+S. */
  onSave?(): void;
  /** F8: save and build. */
  onSaveAndBuild?(): void;
  keybindings: Keybindings;
  dark: boolean;
  fontSize: number;
  /** Scrolls to and selects this line (1-based) when it changes, e.g. from a build log link. */
  revealLine?: { line: number; nonce: number } | null;
  readOnly?: boolean;
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
export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  // Callbacks and settings read by CodeMirror's long-lived handlers: always the latest props.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const compartments = useRef({
    keys: new Compartment(),
    theme: new Compartment(),
    font: new Compartment(),
    readOnly: new Compartment(),
  });

  // One state per file, created on first open with the settings in force.
  const stateFor = (fileName: string, content: string): EditorState => {
    const existing = states.current.get(fileName);
    if (existing) return existing;
    const { keys, theme, font, readOnly } = compartments.current;
    const p = latest.current;
    const state = EditorState.create({
      doc: content,
      extensions: [
        keys.of(keybindingExtension(p.keybindings)),
        keymap.of([
          { key: 'Mod-s', preventDefault: true, run: () => (latest.current.onSave?.(), true) },
          { key: 'F8', preventDefault: true, run: () => (latest.current.onSaveAndBuild?.(), true) },
        ]),
        basicSetup,
        indentUnit.of('  '),
        languageExtension(fileLanguage(fileName)),
        theme.of(p.dark ? oneDark : []),
        font.of(fontExtension(p.fontSize)),
        readOnly.of(EditorState.readOnly.of(Boolean(p.readOnly))),
        EditorView.contentAttributes.of({ 'aria-label': `Editor: ${fileName}` }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current.onChange(fileName, update.state.doc.toString());
          if (update.selectionSet || update.docChanged) {
            const head = update.state.selection.main.head;
            const line = update.state.doc.lineAt(head);
            latest.current.onCursorChange?.({ line: line.number, col: head - line.from });
          }
        }),
      ],
    });
    states.current.set(fileName, state);
    return state;
  };

  useEffect(() => {
    const editor = new EditorView({
      state: stateFor(latest.current.fileName, latest.current.initialContent),
      parent: host.current!,
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Created once; later prop changes are applied by the effects below.
  }, []);

  // Switching files: keep the outgoing file's state (undo history, selection), show the incoming one.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = [...states.current.entries()].find(([, state]) => state === editor.state)?.[0];
    if (current === props.fileName) return;
    if (current) states.current.set(current, editor.state);
    editor.setState(stateFor(props.fileName, latest.current.initialContent));
    const head = editor.state.selection.main.head;
    const line = editor.state.doc.lineAt(head);
    latest.current.onCursorChange?.({ line: line.number, col: head - line.from });
  }, [props.fileName]);

  // Settings apply live to the open document and to every cached one.
  useEffect(() => {
    const { keys, theme, font, readOnly } = compartments.current;
    const effects = [
      keys.reconfigure(keybindingExtension(props.keybindings)),
      theme.reconfigure(props.dark ? oneDark : []),
      font.reconfigure(fontExtension(props.fontSize)),
      readOnly.reconfigure(EditorState.readOnly.of(Boolean(props.readOnly))),
    ];
    const editor = view.current;
    for (const [name, state] of states.current) {
      if (editor && editor.state === state) continue;
      states.current.set(name, state.update({ effects }).state);
    }
    if (editor) {
      const before = editor.state;
      editor.dispatch({ effects });
      const name = [...states.current.entries()].find(([, state]) => state === before)?.[0];
      if (name) states.current.set(name, editor.state);
    }
  }, [props.keybindings, props.dark, props.fontSize, props.readOnly]);

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
