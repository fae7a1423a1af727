import { useState } from 'react';
import useSWR from 'swr';
import { buildDetailsKey, getBuildDetails } from '@/lib/api/builds';
import { isActiveBuild } from '@/lib/api/schemas';
import { ACTIVE_BUILD_REFRESH_MS } from './use-project-builds';

/** One build; refreshes itself every ~2 s while it is queued or running. */
export function useBuildDetails(buildId: string | undefined) {
  // A number that changes only when activity flips (see useProjectBuilds).
  const [refreshInterval, setRefreshInterval] = useState(0);
  const result = useSWR(buildId ? buildDetailsKey(buildId) : null, ([, id]) => getBuildDetails(id), {
    refreshInterval,
  });
  const wanted = result.data && isActiveBuild(result.data) ? ACTIVE_BUILD_REFRESH_MS : 0;
  if (wanted !== refreshInterval) setRefreshInterval(wanted);
  return result;
}
