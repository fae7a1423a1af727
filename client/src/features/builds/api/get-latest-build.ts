import { useState } from 'react';
import useSWR from 'swr';
import { getApiClient } from '@/lib/api/client';
import { isActiveBuild, type Build } from '@/lib/api/schemas';
import { ACTIVE_BUILD_REFRESH_MS } from './project-builds';

/** The API answers `{}` for a project without builds (spec §3 "Latest build"); anything with an id is a build. */
export function isBuild(value: unknown): value is Build {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/** getLatestBuild: the project's latest build, or null when it has none (the API's `{}`). */
export async function getLatestBuild(projectId: string): Promise<Build | null> {
  const api = await getApiClient();
  const response = await api.getLatestBuild({ project_id: projectId });
  return isBuild(response.data) ? response.data : null;
}

export const latestBuildKey = (projectId: string) => ['getLatestBuild', projectId] as const;

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
