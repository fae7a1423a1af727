import { useCallback, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api/error-message';
import { fileNameProblem } from '@cloud-compile/shared';

/** The contract's limit on a file body (5 MiB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface UploadItem {
  id: number;
  name: string;
  /** 0..1 of the body sent; undefined while it cannot be measured (a replace). */
  progress?: number;
  /**
   * `exists`: the project has a file of that name, and the upload waits for the user: Replace or Skip.
   * `done` with `replaced`: it overwrote that file.
   */
  status: 'uploading' | 'exists' | 'done' | 'skipped' | 'failed';
  /** The project's file this one would replace (its name as the project spells it), while `exists`. */
  existingName?: string;
  replaced?: boolean;
  message?: string;
}

/** What the user chose for an upload whose name is taken (as a desktop file manager asks). */
export type ExistingFileChoice = 'replace' | 'skip';

export interface FileUploadOperations {
  /** Creates a new file; `onProgress` gets the fraction of the body sent. */
  create(name: string, content: string, onProgress: (fraction: number) => void): Promise<void>;
  /** Overwrites the existing file `name` with `content` (the update operation). */
  replace(name: string, content: string): Promise<void>;
}

let nextUploadId = 1;

/**
 * Uploads files one after another with per-file progress. A file with a bad name or too large is
 * marked failed with the reason, as is one the server refuses; the others still go. A file whose name
 * the project already has is not uploaded at once: it waits (`exists`) until the user answers with
 * `resolve(id, 'replace' | 'skip')`, while the rest go on.
 */
export function useFileUploads({ create, replace }: FileUploadOperations) {
  const [items, setItems] = useState<UploadItem[]>([]);
  /** The files waiting for an answer, by item id. */
  const waiting = useRef(new Map<number, { file: File; existingName: string }>());

  const update = (id: number, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const start = useCallback(
    async (files: File[], existingNames: readonly string[]) => {
      const batch = files.map((file) => ({
        file,
        item: { id: nextUploadId++, name: file.name, progress: 0, status: 'uploading' as const },
      }));
      setItems((current) => [...current, ...batch.map(({ item }) => item)]);
      const taken = [...existingNames];
      for (const { file, item } of batch) {
        const problem =
          fileNameProblem(file.name) ?? (file.size > MAX_UPLOAD_BYTES ? `${file.name} is larger than 5 MB.` : null);
        if (problem) {
          update(item.id, { status: 'failed', message: problem });
          continue;
        }
        const existingName = sameName(taken, file.name);
        if (existingName) {
          waiting.current.set(item.id, { file, existingName });
          update(item.id, { status: 'exists', existingName });
          continue;
        }
        try {
          const content = await file.text();
          await create(file.name, content, (fraction) => update(item.id, { progress: fraction }));
          taken.push(file.name);
          update(item.id, { status: 'done', progress: 1 });
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            // Made meanwhile (another tab, a script): the same question as for a name known before.
            waiting.current.set(item.id, { file, existingName: file.name });
            update(item.id, { status: 'exists', existingName: file.name });
            continue;
          }
          update(item.id, { status: 'failed', message: errorMessage(error, `${file.name} could not be uploaded.`) });
        }
      }
    },
    [create],
  );

  const resolve = useCallback(
    async (id: number, choice: ExistingFileChoice) => {
      const pending = waiting.current.get(id);
      if (!pending) return;
      waiting.current.delete(id);
      if (choice === 'skip') {
        update(id, { status: 'skipped', existingName: undefined });
        return;
      }
      const { file, existingName } = pending;
      update(id, { status: 'uploading', progress: undefined, existingName: undefined });
      try {
        await replace(existingName, await file.text());
        update(id, { status: 'done', progress: 1, replaced: true });
      } catch (error) {
        update(id, { status: 'failed', message: errorMessage(error, `${existingName} could not be replaced.`) });
      }
    },
    [replace],
  );

  /** Forgets the finished uploads (the dialog closed); those waiting for an answer count as skipped. */
  const clearFinished = useCallback(() => {
    waiting.current.clear();
    setItems((current) => current.filter((item) => item.status === 'uploading'));
  }, []);

  return { items, start, resolve, clearFinished };
}

/** The name in `names` that is `name` to the project (names differ in case only: one file on most systems). */
function sameName(names: readonly string[], name: string): string | undefined {
  const lower = name.toLowerCase();
  return names.find((other) => other.toLowerCase() === lower);
}
