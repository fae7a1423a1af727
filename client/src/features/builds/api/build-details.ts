import useSWR from 'swr';
import { getApiClient } from '@/lib/api/client';
import { isActiveBuild, type Build } from '@/lib/api/schemas';
import { ACTIVE_BUILD_REFRESH_MS } from './project-builds';

/** buildDetails: one build by id. */
export async function getBuildDetails(buildId: string): Promise<Build> {
  const api = await getApiClient();
  const response = await api.buildDetails({ build_id: buildId });
  return response.data;
}

export const buildDetailsKey = (buildId: string) => ['buildDetails', buildId] as const;

/** One build; refreshes itself every ~2 s while it is queued or running. */
export function useBuildDetails(buildId: string | undefined) {
  return useSWR(buildId ? buildDetailsKey(buildId) : null, ([, id]) => getBuildDetails(id), {
    refreshInterval: (build) => (build && isActiveBuild(build) ? ACTIVE_BUILD_REFRESH_MS : 0),
  });
}
