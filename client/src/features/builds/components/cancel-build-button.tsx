import { useState } from 'react';
import { CircleStop } from 'lucide-react';
import { unavailableWhile } from '@/lib/focus-place';
import { shortBuildId } from '@/lib/format';
import { useCancelBuild } from '../api/cancel-build';

/** The red Cancel button of an active build. Failures toast (useCancelBuild); success shows as the new status. */
export function CancelBuildButton({ buildId, className }: { buildId: string; className?: string }) {
  const cancel = useCancelBuild();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
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
      className={`button build-cancel-button${className ? ` ${className}` : ''}`}
      aria-label={`Cancel build ${shortBuildId(buildId)}`}
      {...unavailableWhile(busy, () => void onClick())}
      aria-busy={busy}
    >
      <CircleStop size={16} aria-hidden="true" />
      Cancel
    </button>
  );
}
