import { useState } from 'react';
import useSWR from 'swr';
import { getProjectBuilds, projectBuildsKey } from '@/lib/api/builds';
import { isActiveBuild } from '@/lib/api/schemas';

/** How often build data refreshes while a build can still change (queued or running). */
export const ACTIVE_BUILD_REFRESH_MS = 2000;

/** The project's builds; refreshes itself every ~2 s while any of them is queued or running. */
export function useProjectBuilds(projectId: string | undefined) {
  // A plain number, changed only when activity flips: SWR restarts its timer whenever the option changes,
  // and an inline function would be a new option on every render (a ticking duration renders every second).
  const [refreshInterval, setRefreshInterval] = useState(0);
  const result = useSWR(projectId ? projectBuildsKey(projectId) : null, ([, id]) => getProjectBuilds(id), {
    refreshInterval,
  });
  const wanted = result.data?.some(isActiveBuild) ? ACTIVE_BUILD_REFRESH_MS : 0;
  if (wanted !== refreshInterval) setRefreshInterval(wanted);
  return result;
}
