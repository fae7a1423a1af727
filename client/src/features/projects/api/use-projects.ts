import { useState } from 'react';
import useSWR from 'swr';
import { listProjects, listProjectsKey } from '@/lib/api/projects';
import { isActiveBuild, type ProjectSummary } from '@/lib/api/schemas';

/** How often the list refreshes while a latest build is queued or running (builds take minutes). */
export const ACTIVE_BUILD_REFRESH_MS = 5000;

/** Refresh while some project's latest build can still change, so its status does not go stale. */
export function projectsRefreshInterval(projects: readonly ProjectSummary[] | undefined): number {
  return projects?.some((project) => project.latest_build && isActiveBuild(project.latest_build))
    ? ACTIVE_BUILD_REFRESH_MS
    : 0;
}

export function useProjects() {
  // Not SWR's function form of refreshInterval: it is asked once on mount, before any data, and so
  // would never start polling. Each answer decides the next interval instead.
  const [refreshInterval, setRefreshInterval] = useState(0);
  return useSWR(listProjectsKey(), listProjects, {
    refreshInterval,
    onSuccess: (projects) => setRefreshInterval(projectsRefreshInterval(projects)),
  });
}
