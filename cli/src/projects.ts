import type { Api } from './api/client.js';
import type { ProjectSummary } from '@cloud-compile/shared/api-types';
import { ApiError } from './api/failures.js';
import { CliError, EXIT } from './errors.js';

/** The project a `--project` value names: its id, else its name (case-insensitive, as the API keeps names unique). */
export function findProject(projects: readonly ProjectSummary[], wanted: string): ProjectSummary | undefined {
  const byId = projects.find((p) => p.id === wanted);
  if (byId) return byId;
  const lower = wanted.toLowerCase();
  return projects.find((p) => p.name.toLowerCase() === lower);
}

/** `hint`: what the user can do about a missing project (push: add --create). */
export async function resolveProject(api: Api, wanted: string, hint = ''): Promise<ProjectSummary> {
  const { data: projects } = await api.listProjects();
  const project = findProject(projects, wanted);
  if (!project) {
    const names = projects.map((p) => p.name).join(', ') || 'none';
    throw new CliError(
      `no project named or with the id ${JSON.stringify(wanted)} (projects: ${names})${hint}`,
      EXIT.failed,
    );
  }
  return project;
}

/**
 * The project named `wanted`, created (empty, with the default configuration) when the user has none
 * by that name or id: what a CI job wants on its first run. `created` says which happened. Another job
 * creating it at the same moment (409) is no failure: the project is then read again.
 */
export async function resolveOrCreateProject(
  api: Api,
  wanted: string,
): Promise<{ project: Pick<ProjectSummary, 'id' | 'name'>; created: boolean }> {
  const { data: projects } = await api.listProjects();
  const found = findProject(projects, wanted);
  if (found) return { project: found, created: false };
  try {
    const { data: project } = await api.createProject(null, { name: wanted.trim() });
    return { project, created: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409)
      return { project: await resolveProject(api, wanted), created: false };
    throw error;
  }
}
