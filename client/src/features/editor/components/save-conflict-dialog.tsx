import { useState } from 'react';
import { Dialog } from '@/components/dialog';

export interface SaveConflictDialogProps {
  /** The file whose save was refused, or null (closed). */
  fileName: string | null;
  /** Save mine over the other version. */
  onKeepMine(): Promise<void>;
  /** Load the other version, dropping mine. */
  onUseTheirs(): Promise<void>;
  /** Decide later: my changes stay unsaved. */
  onCancel(): void;
}

/** A save found the file changed elsewhere since it was opened: the user picks the version to keep. */
export function SaveConflictDialog({ fileName, onKeepMine, onUseTheirs, onCancel }: SaveConflictDialogProps) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={fileName !== null}
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={`${fileName ?? ''} changed elsewhere`}
      description={`${fileName ?? 'This file'} was saved somewhere else (another tab, another person or a tool) after you opened it. Saving now would overwrite that version.`}
      footer={
        <>
          <button type="button" className="button" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void run(onUseTheirs)}>
            Discard mine, load theirs
          </button>
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void run(onKeepMine)}>
            Overwrite with mine
          </button>
        </>
      }
    />
  );
}
