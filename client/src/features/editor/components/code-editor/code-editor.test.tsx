import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import CodeEditor, { type CodeEditorProps, type RevealLine } from './code-editor';
import type { EditorDiagnostic } from './diagnostics';

const contents: Record<string, string> = {
  'a.vhd': Array.from({ length: 20 }, (_, i) => `signal a${i + 1} : std_logic;`).join('\n'),
  'b.vhd': 'library ieee;\n',
};

function setup(initial: Partial<CodeEditorProps>) {
  const props = (overrides: Partial<CodeEditorProps>): CodeEditorProps => {
    const fileName = overrides.fileName ?? 'a.vhd';
    return {
      fileName,
      content: contents[fileName]!,
      documents: { 'a.vhd': 1, 'b.vhd': 1 },
      onChange: () => {},
      keybindings: 'default',
      dark: false,
      fontSize: 14,
      ...overrides,
    };
  };
  const rendered = render(<CodeEditor {...props(initial)} />);
  const view = () => EditorView.findFromDOM(rendered.container.querySelector<HTMLElement>('.cm-editor')!)!;
  const show = (overrides: Partial<CodeEditorProps>) => rendered.rerender(<CodeEditor {...props(overrides)} />);
  return { view, show };
}

const cursorLine = (view: EditorView) => view.state.doc.lineAt(view.state.selection.main.head).number;

function diagnosticLines(view: EditorView): number[] {
  const lines: number[] = [];
  forEachDiagnostic(view.state, (_diagnostic, from) => lines.push(view.state.doc.lineAt(from).number));
  return lines;
}

describe('CodeEditor', () => {
  beforeAll(() => {
    // jsdom has no layout: scrolling is a no-op there (the browser tests check real scrolling).
    Element.prototype.scrollTo ??= () => {};
  });

  it('carries out a reveal once: coming back to its file keeps where the user went since', () => {
    const reveal: RevealLine = { line: 15, nonce: 1 };
    const { view, show } = setup({ fileName: 'a.vhd', revealLine: reveal });
    expect(cursorLine(view())).toBe(15);

    view().dispatch({ selection: { anchor: 0 } });
    show({ fileName: 'b.vhd', revealLine: null });
    show({ fileName: 'a.vhd', revealLine: reveal });
    expect(cursorLine(view())).toBe(1);

    show({ fileName: 'a.vhd', revealLine: { line: 10, nonce: 2 } });
    expect(cursorLine(view())).toBe(10);
  });

  it("applies a build's diagnostics once per document, so markers stay where edits moved them", () => {
    const diagnostics: EditorDiagnostic[] = [{ line: 3, column: 1, severity: 'error', message: 'bad' }];
    const { view, show } = setup({ fileName: 'a.vhd', diagnostics });
    expect(diagnosticLines(view())).toEqual([3]);

    view().dispatch({ changes: { from: 0, insert: '-- a new first line\n' } });
    expect(diagnosticLines(view())).toEqual([4]);

    const none: EditorDiagnostic[] = [];
    show({ fileName: 'b.vhd', diagnostics: none });
    show({ fileName: 'a.vhd', diagnostics });
    expect(diagnosticLines(view())).toEqual([4]);

    // A new build's list replaces the markers.
    show({ fileName: 'a.vhd', diagnostics: [] });
    expect(diagnosticLines(view())).toEqual([]);
  });
});
