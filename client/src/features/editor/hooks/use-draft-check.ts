import { useEffect, useMemo, useState } from 'react';
import { checkDraft, draftChecksOffered } from '@/lib/api/checks';
import { ApiError } from '@/lib/api/error-message';
import type { EditorDiagnostic } from '../components/code-editor/diagnostics';
import type { DraftCheck } from '../components/code-editor/typing-check';

/** The files the API checks while typing (others it refuses with 422): VHDL, Verilog and SystemVerilog. */
const CHECKED = /\.(?:vhdl?|s?v)$/i;

/**
 * The editor's check while typing for one project (checkDraft), or undefined when the API does not
 * offer it (the operation is not in its description, or it answered 501): then nothing is checked.
 * The answer is the file's own diagnostics; when the check tool failed or a limit of the check stopped
 * it, a note on the first line says so, as it is not an error in the file.
 */
export function useDraftCheck(projectId: string | null): DraftCheck | undefined {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    draftChecksOffered().then(
      (yes) => live && setOffered(yes),
      () => undefined, // no API description: the editor shows its own error when it loads files
    );
    return () => {
      live = false;
    };
  }, []);

  return useMemo(() => {
    if (!offered || projectId === null) return undefined;
    const check: DraftCheck = async (name, content, signal) => {
      if (!CHECKED.test(name)) return null;
      try {
        const result = await checkDraft(projectId, { name, content }, signal);
        const found: EditorDiagnostic[] = result.diagnostics.filter((d) => d.file === name && d.origin === 'user');
        if (result.outcome !== 'checked' && result.detail)
          found.push({ line: 1, column: null, severity: 'note', message: result.detail });
        return found;
      } catch (error) {
        // 501: this deployment cannot check; anything else (409 superseded, 429, aborted) shows nothing.
        if (error instanceof ApiError && error.status === 501) setOffered(false);
        return null;
      }
    };
    return check;
  }, [offered, projectId]);
}
