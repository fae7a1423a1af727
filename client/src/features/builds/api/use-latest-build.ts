import { useState } from 'react';
import useSWR from 'swr';
import { getLatestBuild, latestBuildKey } from '@/lib/api/builds';
import { isActiveBuild } from '@/lib/api/schemas';
import { ACTIVE_BUILD_REFRESH_MS } from './use-project-builds';

/**
 * The project's latest build (`data` is null when it has none). Refreshes itself every ~2 s while
 * that build is queued or running, so its status, stage and queue position follow the runner.
 */
export function useLatestBuild(projectId: string | undefined) {
  // A number that changes only when activity flips (see useProjectBuilds).
  const [refreshInterval, setRefreshInterval] = useState(0);
  const result = useSWR(projectId ? latestBuildKey(projectId) : null, ([, id]) => getLatestBuild(id), {
    refreshInterval,
  });
  const wanted = result.data && isActiveBuild(result.data) ? ACTIVE_BUILD_REFRESH_MS : 0;
  if (wanted !== refreshInterval) setRefreshInterval(wanted);
  return result;
}
