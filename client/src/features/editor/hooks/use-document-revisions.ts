import { useCallback, useMemo, useState } from 'react';

/**
 * A revision number per open file, for the code editor's documents: bumping it makes the editor
 * rebuild that file's document from the content (after a reload from the server or a restored draft),
 * where an edit keeps the document and its undo history.
 */
export function useDocumentRevisions(openFiles: readonly string[]) {
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const documents = useMemo(
    () => Object.fromEntries(openFiles.map((name) => [name, revisions[name] ?? 0])),
    [openFiles, revisions],
  );
  const bumpRevision = useCallback(
    (name: string) => setRevisions((current) => ({ ...current, [name]: (current[name] ?? 0) + 1 })),
    [],
  );
  return { documents, bumpRevision };
}
