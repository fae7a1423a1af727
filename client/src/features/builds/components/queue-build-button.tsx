import { useState } from 'react';
import { Hammer } from 'lucide-react';
import { unavailableWhile } from '@/lib/focus-place';
import { useQueueBuild } from '../api/new-project-build';

/** Queues a build of the project's saved files and configuration (the spec's toasts come from useQueueBuild). */
export function QueueBuildButton({ projectId, projectName }: { projectId: string; projectName: string | undefined }) {
  const queue = useQueueBuild(projectId, projectName);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await queue();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button-primary"
      {...unavailableWhile(busy, () => void onClick())}
      aria-busy={busy}
    >
      <Hammer size={16} aria-hidden="true" />
      Build
    </button>
  );
}
