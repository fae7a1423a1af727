import { lintGutter, setDiagnostics, type Diagnostic as LintDiagnostic } from '@codemirror/lint';
import type { EditorState, Extension, TransactionSpec } from '@codemirror/state';

/** A build's error, warning or platform note in the shown file (the contract's Diagnostic, located by line and column). */
export interface EditorDiagnostic {
  line: number;
  /** 1-based, as the tools count; null marks the whole line. */
  column: number | null;
  severity: 'error' | 'warning' | 'note';
  message: string;
}

/** CodeMirror's severity: a platform note (a limit of the check) is information, not a fault. */
const LINT_SEVERITY = { error: 'error', warning: 'warning', note: 'info' } as const;

/** The gutter markers; the underlines and tooltips come with the diagnostics themselves. */
export function diagnosticsExtension(): Extension {
  return lintGutter();
}

/**
 * Where a tool's line and column land in this document: from the column (past any blanks there; or
 * the line's first non-blank character) to the end of the word there (or of the line). A line beyond the end of the
 * document (the file changed since the build) lands on the last line.
 */
export function toLintDiagnostics(
  state: EditorState,
  diagnostics: readonly EditorDiagnostic[],
  source = 'build',
): LintDiagnostic[] {
  const { doc } = state;
  return diagnostics.map((d) => {
    const line = doc.line(Math.min(Math.max(1, d.line), doc.lines));
    const indent = line.text.length - line.text.trimStart().length;
    const at = d.column === null ? indent : Math.min(Math.max(0, d.column - 1), line.length);
    // GHDL points at the gap before the unexpected token ("InputA| garbage"): underline the token.
    const gap = /^\s*/.exec(line.text.slice(at))![0].length;
    const column = at + gap < line.length ? at + gap : at;
    const word = /^[\w$]+/.exec(line.text.slice(column))?.[0].length ?? 0;
    const from = line.from + column;
    const to = d.column === null || word === 0 ? Math.max(line.to, from) : from + word;
    const message = d.severity === 'note' ? `Platform note: ${d.message}` : d.message;
    return { from, to, severity: LINT_SEVERITY[d.severity], message, source };
  });
}

/**
 * The transaction that shows these diagnostics (replacing the ones shown before); `source` names where
 * they come from in the hover text (a build, or the check while typing).
 */
export function showDiagnostics(
  state: EditorState,
  diagnostics: readonly EditorDiagnostic[],
  source = 'build',
): TransactionSpec {
  return setDiagnostics(state, toLintDiagnostics(state, diagnostics, source));
}
