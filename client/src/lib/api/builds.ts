// The build operations of the compile API: each one's fetcher and, for reads, its SWR cache key.
import { getApiClient } from './client';
import type { Build, BuildLog } from './schemas';

/** projectBuilds: every build of a project, newest first. */
export async function getProjectBuilds(projectId: string): Promise<Build[]> {
  const api = await getApiClient();
  const response = await api.projectBuilds({ project_id: projectId });
  return response.data;
}

export const projectBuildsKey = (projectId: string) => ['projectBuilds', projectId] as const;

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

/** buildDetails: one build by id. */
export async function getBuildDetails(buildId: string): Promise<Build> {
  const api = await getApiClient();
  const response = await api.buildDetails({ build_id: buildId });
  return response.data;
}

export const buildDetailsKey = (buildId: string) => ['buildDetails', buildId] as const;

/** newProjectBuild: queues a build of the project with its saved configuration. */
export async function newProjectBuild(projectId: string): Promise<Build> {
  const api = await getApiClient();
  const response = await api.newProjectBuild({ project_id: projectId });
  return response.data;
}

/** cancelBuild: stops a queued or running build; answers the cancelled build. */
export async function cancelBuild(buildId: string): Promise<Build> {
  const api = await getApiClient();
  const response = await api.cancelBuild({ build_id: buildId });
  return response.data;
}

/** Lines asked for per request: the contract's maximum, so a 1,000,000-line log arrives in ten answers. */
export const LOG_PAGE_LINES = 100_000;

/** getBuildLog: the lines of a build's log from `offset` (0-based), with where to continue and whether it is complete. */
export async function getBuildLog(buildId: string, offset: number, limit = LOG_PAGE_LINES): Promise<BuildLog> {
  const api = await getApiClient();
  const response = await api.getBuildLog({ build_id: buildId, offset, limit });
  return response.data;
}

/**
 * Where a build artifact downloads from (getArtifact). A plain same-origin link: the browser sends the
 * sign-in cookies and the API answers `Content-Disposition: attachment`, so the file streams straight
 * to disk however large it is, instead of passing through memory as an XHR blob would.
 */
export function artifactUrl(buildId: string, artifactName: string): string {
  return `/api/builds/${encodeURIComponent(buildId)}/artifacts/${encodeURIComponent(artifactName)}`;
}
