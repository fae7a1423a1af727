import type { Build } from '@/lib/api/schemas';
import { queueText } from '../utils/diagnostic-counts';

/** What an active build is doing: its queue position while queued, its stage while running; nothing once done. */
export function BuildProgress({ build }: { build: Pick<Build, 'status' | 'stage' | 'queue_position'> }) {
  if (build.status === 'queued') {
    return <span className="build-progress">{queueText(build.queue_position)}</span>;
  }
  if (build.status === 'running') {
    return <span className="build-progress">{build.stage ? `Stage: ${build.stage}` : 'Starting'}</span>;
  }
  return null;
}
