import { useState } from 'react';
import { Dialog } from '@/components/dialog';

export interface UnsavedChangesDialogProps {
  open: boolean;
  fileNames: string[];
  onStay(): void;
  onDiscard(): void;
  onSaveAndLeave(): Promise<void>;
}

/** Leaving the editor with unsaved changes: save them, discard them, or stay. */
export function UnsavedChangesDialog({
  open,
  fileNames,
  onStay,
  onDiscard,
  onSaveAndLeave,
}: UnsavedChangesDialogProps) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onSaveAndLeave();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onStay()}
      title="Unsaved changes"
      description={`${fileNames.join(', ')} ${fileNames.length === 1 ? 'has' : 'have'} unsaved changes. Save before leaving?`}
      footer={
        <>
          <button type="button" className="button" disabled={busy} onClick={onStay}>
            Stay
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={onDiscard}>
            Discard changes
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void save()}
          >
            Save and leave
          </button>
        </>
      }
    />
  );
}
