import type { Build, BuildStageName } from '@/lib/api/schemas';
import { BUILD_STAGES } from './build-stages';

/** What a build panel's header shows: the parts of a build that BuildProgress and the status icon read. */
export type ShownProgress = Pick<Build, 'status' | 'stage' | 'queue_position'>;

export interface FollowedLogFacts {
  /** The stage whose section the log shows last, or null before the first. */
  stage: string | null;
  /** The log is complete (the build finished and every line is here). */
  complete: boolean;
  /** The build was queued or running when the panel began following it (its log is arriving live). */
  seenActive: boolean;
}

const isStageName = (name: string): name is BuildStageName => (BUILD_STAGES as readonly string[]).includes(name);

/**
 * The status to show beside a build's live log, so the two never disagree: while the log of a build seen
 * running is still arriving, its status is "running" in the log's stage (even when the build, read at
 * another moment, says queued, or already finished); a cancel shows at once; once the log is complete (the
 * build was read again just before), the build's own status. A build seen finished shows as it is.
 */
export function followedProgress(build: ShownProgress, log: FollowedLogFacts): ShownProgress {
  if (log.complete || !log.seenActive || build.status === 'cancelled') return build;
  if (log.stage !== null) {
    return { status: 'running', stage: isStageName(log.stage) ? log.stage : build.stage, queue_position: null };
  }
  // No stage in the log yet: a build finished meanwhile still shows as running until its log has arrived.
  return build.status === 'queued' || build.status === 'running'
    ? build
    : { status: 'running', stage: build.stage, queue_position: null };
}
