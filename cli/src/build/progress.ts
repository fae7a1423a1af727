import type { Build } from '@cloud-compile/shared/api-types';
import { formatDuration, shortId } from '../table.js';

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

export const isFinished = (build: Pick<Build, 'status'>) => FINISHED.has(build.status);

/**
 * One line saying where a build is: `Build 1a2b3c4 queued (position 2)`, `Build 1a2b3c4 SYNTHESIS
 * (stage 2/4, 12s)`, `Build 1a2b3c4 succeeded in 1m02s`. With `now` null, a running build's line has no
 * timer (`Build 1a2b3c4 SYNTHESIS (stage 2/4)`): the plain lines of a CI log.
 */
export function progressLine(build: Build, now: Date | null = new Date()): string {
  const id = `Build ${shortId(build.id)}`;
  if (build.status === 'queued')
    return `${id} queued${build.queue_position ? ` (position ${build.queue_position})` : ''}`;
  const started = build.started_at ? Date.parse(build.started_at) : Date.parse(build.queued_at);
  if (build.status === 'running') {
    const index = build.stages.findIndex((stage) => stage.name === build.stage);
    const stage = build.stage ?? 'starting';
    const position = index >= 0 ? `stage ${index + 1}/${build.stages.length}, ` : '';
    if (!now) return `${id} ${stage}${index >= 0 ? ` (stage ${index + 1}/${build.stages.length})` : ''}`;
    return `${id} ${stage} (${position}${formatDuration(now.getTime() - started)})`;
  }
  const finished = build.finished_at ? Date.parse(build.finished_at) : (now ?? new Date()).getTime();
  return `${id} ${build.status} in ${formatDuration(finished - started)}`;
}
