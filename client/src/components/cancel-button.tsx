import { useState } from 'react';
import { CircleStop } from 'lucide-react';
import { unavailableWhile, useFocusAfterRemoval } from '@/lib/focus-place';

export interface CancelButtonProps {
  /** The accessible name, naming what it cancels ("Cancel build 1a2b3c4d"). */
  label: string;
  /** Asks for the cancel; failures are the caller's to show (the features' hooks toast them). */
  cancel: () => Promise<unknown>;
  className?: string;
}

/**
 * The red Cancel button of an active build or simulation. Success shows as the new status, and the button
 * goes with the run's activity: the focus then moves to the row's (or the region's) next control rather
 * than to the page's start (lib/focus-place.ts).
 */
export function CancelButton({ label, cancel, className }: CancelButtonProps) {
  const [busy, setBusy] = useState(false);
  const focusAfterRemoval = useFocusAfterRemoval();
  const onClick = async (control: HTMLElement) => {
    focusAfterRemoval(control);
    setBusy(true);
    try {
      await cancel();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`button button-danger${className ? ` ${className}` : ''}`}
      aria-label={label}
      {...unavailableWhile(busy, (event) => void onClick(event.currentTarget))}
      aria-busy={busy}
    >
      <CircleStop size={16} aria-hidden="true" />
      Cancel
    </button>
  );
}
