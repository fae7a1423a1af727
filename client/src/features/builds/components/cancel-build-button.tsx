import { CancelButton } from '@/components/cancel-button';
import { shortBuildId } from '@/lib/format';
import { useCancelBuild } from '../api/cancel-build';

/** The Cancel button of an active build; failures toast (useCancelBuild). */
export function CancelBuildButton({ buildId, className }: { buildId: string; className?: string }) {
  const cancel = useCancelBuild();
  return (
    <CancelButton
      label={`Cancel build ${shortBuildId(buildId)}`}
      cancel={() => cancel(buildId)}
      className={`build-cancel-button${className ? ` ${className}` : ''}`}
    />
  );
}
