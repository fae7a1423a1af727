import { useState, type ReactNode } from 'react';
import { unavailableWhile } from '@/lib/focus-place';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  message: ReactNode;
  /** The confirming button's text, e.g. "Delete". */
  confirmLabel: string;
  /** A destructive action gets the danger style. */
  destructive?: boolean;
  /** Runs on confirm; the dialog stays open (buttons busy) until it settles, and closes when it resolves. */
  onConfirm(): Promise<unknown> | unknown;
}

/** "Are you sure?" before a destructive action. A failing onConfirm keeps the dialog open (the caller toasts why). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  destructive,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the failure; keep the dialog so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={message}
      footer={
        <>
          {/* Unavailable while busy, not disabled: a disabled button drops the focus out of the dialog. */}
          <button type="button" className="button" {...unavailableWhile(busy, () => onOpenChange(false))}>
            Cancel
          </button>
          <button
            type="button"
            className={destructive ? 'button button-danger' : 'button button-primary'}
            {...unavailableWhile(busy, () => void confirm())}
            aria-busy={busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
