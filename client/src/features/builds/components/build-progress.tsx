import type { Build } from '@/lib/api/schemas';

/** What an active build is doing: its queue position while queued, its stage while running; nothing once done. */
export function BuildProgress({ build }: { build: Pick<Build, 'status' | 'stage' | 'queue_position'> }) {
  if (build.status === 'queued') {
    return build.queue_position ? (
      <span className="build-progress">#{build.queue_position} in queue</span>
    ) : (
      <span className="build-progress">Waiting in queue</span>
    );
  }
  if (build.status === 'running') {
    return <span className="build-progress">{build.stage ? `Stage: ${build.stage}` : 'Starting'}</span>;
  }
  return null;
}
