import type { Diagnostic } from '@/lib/api/schemas';

export type DiagnosticsByFile = Map<string, Diagnostic[]> & { none: readonly Diagnostic[] };

/** The diagnostics of each file; `none` (one list per build) for a file without any, so a new build clears old markers. */
export function groupByFile(diagnostics: readonly Diagnostic[]): DiagnosticsByFile {
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    const list = byFile.get(diagnostic.file);
    if (list) list.push(diagnostic);
    else byFile.set(diagnostic.file, [diagnostic]);
  }
  return Object.assign(byFile, { none: [] as readonly Diagnostic[] });
}
