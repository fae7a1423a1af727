import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api/error-message';
import type { RevealLine } from '../components/code-editor/code-editor';
import type { EditorStore } from '../store/editor-store';

export type FileReveal = RevealLine & { file: string };

/**
 * Opening files: by name (the Files panel, tabs), or at a line of a file a build log names (`file`
 * may be a path ending in a project file's name). While a file loads, `opening` names it; `reveal` is
 * the line to show once it is open. A deep link (?file=name&line=n, from build log links elsewhere)
 * opens that file at that line once the project is loaded; the query stays (it is the link the user
 * followed) and applies once per change.
 */
export function useOpenFile(store: EditorStore, projectId: string, loadedProject: string | null) {
  const [opening, setOpening] = useState<string | null>(null);
  const [reveal, setReveal] = useState<FileReveal | null>(null);

  const openFile = useCallback(
    async (name: string): Promise<boolean> => {
      setOpening(name);
      try {
        await store.openFile(name);
        return true;
      } catch (error) {
        toast.error(`Could not open ${name}`, {
          description: errorMessage(error, 'The file could not be loaded. Please try again.'),
        });
        return false;
      } finally {
        setOpening((current) => (current === name ? null : current));
      }
    },
    [store],
  );

  const openFileAt = useCallback(
    async (file: string, line?: number) => {
      const names = store.getState().files.map((f) => f.name);
      const base = (file.split(/[\\/]/).pop() ?? file).toLowerCase();
      const name = names.find((n) => n === file) ?? names.find((n) => n.toLowerCase() === base);
      if (!name) {
        toast.error(`${file} is not in this project`);
        return;
      }
      if (!(await openFile(name))) return;
      if (line && line > 0) setReveal({ file: name, line, nonce: Date.now() });
    },
    [store, openFile],
  );

  const [searchParams] = useSearchParams();
  const requestedFile = searchParams.get('file');
  const requestedLine = Number(searchParams.get('line')) || undefined;
  useEffect(() => {
    if (!requestedFile || loadedProject !== projectId) return;
    // After this commit: opening updates the page's state.
    void Promise.resolve().then(() => openFileAt(requestedFile, requestedLine));
  }, [requestedFile, requestedLine, loadedProject, projectId, openFileAt]);

  /** Shows a line (and column) of the open file (Go to line). */
  const revealInFile = useCallback(
    (file: string, line: number, column?: number) => setReveal({ file, line, column, nonce: Date.now() }),
    [],
  );

  return { opening, openFile, openFileAt, reveal, revealInFile };
}
