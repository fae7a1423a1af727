import { getBuildLog } from '@/lib/api/builds';
import { useFollowedLog, type FollowedLogOptions, type FollowedLogState } from '@/hooks/use-followed-log';

export { LOG_POLL_MS } from '@/hooks/use-followed-log';
export type BuildLogState = FollowedLogState;

/** Follows a build's log live (see useFollowedLog). */
export function useBuildLog(buildId: string | undefined, options: FollowedLogOptions = {}): BuildLogState {
  return useFollowedLog(buildId, getBuildLog, options);
}
