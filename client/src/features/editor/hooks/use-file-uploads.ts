import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { fileNameProblem } from '../lib/file-templates';

/** The contract's limit on a file body (5 MiB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface UploadItem {
  id: number;
  name: string;
  /** 0..1 of the body sent. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  message?: string;
}

let nextUploadId = 1;

/**
 * Uploads files one after another with per-file progress. A file with a bad name, too large or
 * refused by the server is marked failed with the reason; the others still go.
 */
export function useFileUploads(
  upload: (name: string, content: string, onProgress: (fraction: number) => void) => Promise<void>,
) {
  const [items, setItems] = useState<UploadItem[]>([]);

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
          fileNameProblem(file.name, taken) ??
          (file.size > MAX_UPLOAD_BYTES ? `${file.name} is larger than 5 MB.` : null);
        if (problem) {
          update(item.id, { status: 'failed', message: problem });
          continue;
        }
        try {
          const content = await file.text();
          await upload(file.name, content, (fraction) => update(item.id, { progress: fraction }));
          taken.push(file.name);
          update(item.id, { status: 'done', progress: 1 });
        } catch (error) {
          update(item.id, { status: 'failed', message: errorMessage(error, `${file.name} could not be uploaded.`) });
        }
      }
    },
    [upload],
  );

  const clearFinished = useCallback(
    () => setItems((current) => current.filter((item) => item.status === 'uploading')),
    [],
  );

  return { items, start, clearFinished };
}
