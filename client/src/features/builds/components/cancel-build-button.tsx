import { useState } from 'react';
import { CircleStop } from 'lucide-react';
import { unavailableWhile, useFocusAfterRemoval } from '@/lib/focus-place';
import { shortBuildId } from '@/lib/format';
import { useCancelBuild } from '../api/cancel-build';

/**
 * The red Cancel button of an active build. Failures toast (useCancelBuild); success shows as the new
 * status, and the button goes with the build's activity: the focus then moves to the row's (or the
 * region's) next control rather than to the page's start (lib/focus-place.ts).
 */
export function CancelBuildButton({ buildId, className }: { buildId: string; className?: string }) {
  const cancel = useCancelBuild();
  const [busy, setBusy] = useState(false);
  const focusAfterRemoval = useFocusAfterRemoval();
  const onClick = async (control: HTMLElement) => {
    focusAfterRemoval(control);
    setBusy(true);
    try {
      await cancel(buildId);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`button button-danger build-cancel-button${className ? ` ${className}` : ''}`}
      aria-label={`Cancel build ${shortBuildId(buildId)}`}
      {...unavailableWhile(busy, (event) => void onClick(event.currentTarget))}
      aria-busy={busy}
    >
      <CircleStop size={16} aria-hidden="true" />
      Cancel
    </button>
  );
}
