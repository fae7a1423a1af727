import { useRef } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api/error-message';
import { toast } from 'sonner';
import { fileNameProblem, newFileTemplate } from '@cloud-compile/shared';
import type { EditorStore } from '../store/editor-store';
import { FileNameDialog } from './file-name-dialog';

/** Which file question is open: a name for a new file or a rename, deleting a file, or closing an edited tab. */
export type FileQuestion =
  | { kind: 'new' }
  | { kind: 'rename'; name: string }
  | { kind: 'delete'; name: string }
  | { kind: 'close'; name: string }
  | null;

export interface FileDialogsProps {
  store: EditorStore;
  question: FileQuestion;
  onDone(): void;
  fileNames: string[];
  dirtyNames: ReadonlySet<string>;
  /** The project's target interface: the new-file templates follow it. */
  target?: string;
  openFile(name: string): Promise<boolean>;
  /** Puts the focus in the editor of the open file `name`, at its start. */
  focusEditor(name: string): void;
  announce(text: string): void;
  /** A file's unsaved edits were discarded (closed without saving) or the file was deleted. */
  onForget(name: string, how: 'closed' | 'deleted'): void;
}

/** New file, Rename, Delete and "Close without saving?": the Files panel's and the tabs' questions. */
export function FileDialogs({
  store,
  question,
  onDone,
  fileNames,
  dirtyNames,
  target,
  openFile,
  focusEditor,
  announce,
  onForget,
}: FileDialogsProps) {
  const close = (open: boolean) => !open && onDone();
  // The file just created and opened: the focus goes to its editor, where the user writes next, not
  // back to "New file". Asked for as the dialog closes, in the same update: the editor is outside the
  // dialog, which holds the focus inside it until it is gone.
  const created = useRef<string | null>(null);
  const closeNewFile = (open: boolean) => {
    if (open) return;
    onDone();
    if (created.current !== null) focusEditor(created.current);
    created.current = null;
  };
  const renaming = question?.kind === 'rename' ? question.name : null;
  const deleting = question?.kind === 'delete' ? question.name : null;
  const closing = question?.kind === 'close' ? question.name : null;
  return (
    <>
      <FileNameDialog
        open={question?.kind === 'new'}
        onOpenChange={closeNewFile}
        title="New file"
        submitLabel="Create"
        validate={(name) => fileNameProblem(name, fileNames)}
        onSubmit={async (name) => {
          await store.createFile(name, newFileTemplate(name, target));
          if (await openFile(name)) created.current = name;
          announce(`Created ${name}`);
        }}
      />
      <FileNameDialog
        open={renaming !== null}
        onOpenChange={close}
        title={renaming !== null ? `Rename ${renaming}` : 'Rename'}
        submitLabel="Rename"
        initialName={renaming ?? ''}
        validate={(name) => {
          if (name.trim() === renaming) return 'Enter a different name.';
          return fileNameProblem(
            name,
            fileNames.filter((n) => n !== renaming),
          );
        }}
        onSubmit={async (name) => {
          if (renaming === null) return;
          await store.renameFile(renaming, name);
          announce(`Renamed ${renaming} to ${name}`);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={close}
        title="Delete file"
        message={
          deleting !== null && dirtyNames.has(deleting)
            ? `Delete ${deleting}? It has unsaved changes, which will be lost too. This cannot be undone.`
            : `Delete ${deleting ?? ''}? This cannot be undone.`
        }
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          if (deleting === null) return;
          try {
            await store.deleteFile(deleting);
            onForget(deleting, 'deleted');
            announce(`Deleted ${deleting}`);
          } catch (error) {
            toast.error(`Could not delete ${deleting}`, { description: errorMessage(error, 'Please try again.') });
            throw error;
          }
        }}
      />
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={close}
        title="Close without saving?"
        message={`${closing ?? ''} has unsaved changes. Closing it discards them.`}
        confirmLabel="Close without saving"
        destructive
        onConfirm={() => {
          if (closing === null) return;
          onForget(closing, 'closed');
          store.closeFile(closing);
        }}
      />
    </>
  );
}
