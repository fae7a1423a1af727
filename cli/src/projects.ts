import type { Api } from './api/client.js';
import type { ProjectSummary } from '../../client/src/lib/api/generated/openapi.js';
import { CliError, EXIT } from './errors.js';

/** The project a `--project` value names: its id, else its name (case-insensitive, as the API keeps names unique). */
export function findProject(projects: readonly ProjectSummary[], wanted: string): ProjectSummary | undefined {
  const byId = projects.find((p) => p.id === wanted);
  if (byId) return byId;
  const lower = wanted.toLowerCase();
  return projects.find((p) => p.name.toLowerCase() === lower);
}

export async function resolveProject(api: Api, wanted: string): Promise<ProjectSummary> {
  const { data: projects } = await api.listProjects();
  const project = findProject(projects, wanted);
  if (!project) {
    const names = projects.map((p) => p.name).join(', ') || 'none';
    throw new CliError(`no project named or with the id ${JSON.stringify(wanted)} (projects: ${names})`, EXIT.failed);
  }
  return project;
}
