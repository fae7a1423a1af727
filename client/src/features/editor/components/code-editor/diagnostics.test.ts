import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { toLintDiagnostics } from './diagnostics';

const state = EditorState.create({ doc: 'library ieee;\n    if Reset = 1 them\nend;' });

describe('toLintDiagnostics', () => {
  it('underlines the word at a 1-based column', () => {
    const [d] = toLintDiagnostics(state, [
      { line: 2, column: 18, severity: 'error', message: "'then' is expected here" },
    ]);
    expect(state.sliceDoc(d!.from, d!.to)).toBe('them');
    expect(d).toMatchObject({ severity: 'error', message: "'then' is expected here" });
  });

  it('underlines the token after the gap a column points at', () => {
    const [d] = toLintDiagnostics(state, [
      { line: 2, column: 17, severity: 'error', message: "'then' is expected here" },
    ]);
    expect(state.sliceDoc(d!.from, d!.to)).toBe('them');
  });

  it('marks the line from its first character when there is no column', () => {
    const [d] = toLintDiagnostics(state, [{ line: 2, column: null, severity: 'warning', message: 'w' }]);
    expect(state.sliceDoc(d!.from, d!.to)).toBe('if Reset = 1 them');
  });

  it('shows a platform note as information, saying what it is', () => {
    const [d] = toLintDiagnostics(state, [{ line: 2, column: null, severity: 'note', message: 'estimate skipped' }]);
    expect(d).toMatchObject({ severity: 'info', message: 'Platform note: estimate skipped' });
  });

  it('keeps a line beyond the end of a changed file on the last line', () => {
    const [d] = toLintDiagnostics(state, [{ line: 40, column: 99, severity: 'error', message: 'e' }]);
    expect(state.doc.lineAt(d!.from).number).toBe(3);
  });
});
