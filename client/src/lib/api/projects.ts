// The project operations of the compile API: each one's fetcher and, for reads, its SWR cache key.
// Features build their hooks on these; only files in lib/api call the API client.
import { getApiClient } from './client';
import type { Project, ProjectConfig, ProjectSummary } from './schemas';

/** listProjects: the signed-in user's projects, each with its latest build. */
export async function listProjects(): Promise<ProjectSummary[]> {
  const api = await getApiClient();
  const response = await api.listProjects();
  return response.data;
}

export const listProjectsKey = () => ['listProjects'] as const;

/** getProject: one project by id. */
export async function getProject(projectId: string): Promise<Project> {
  const api = await getApiClient();
  const response = await api.getProject({ project_id: projectId });
  return response.data;
}

export const getProjectKey = (projectId: string) => ['getProject', projectId] as const;

export interface CreateProjectInput {
  name: string;
  /** An example id: the new project starts with a copy of its files. */
  example?: string;
  config?: ProjectConfig;
}

/** createProject: a new project, empty or from an example. */
export async function createProject(input: CreateProjectInput): Promise<Project> {
  const api = await getApiClient();
  const response = await api.createProject(null, input);
  return response.data;
}

/** renameProject: gives a project a new name. */
export async function renameProject(projectId: string, name: string): Promise<Project> {
  const api = await getApiClient();
  const response = await api.renameProject({ project_id: projectId }, { name });
  return response.data;
}

/** deleteProject: removes a project with its files and builds. */
export async function deleteProject(projectId: string): Promise<void> {
  const api = await getApiClient();
  await api.deleteProject({ project_id: projectId });
}

/** updateProjectConfig: sets the build configuration a project's next builds use; answers the project. */
export async function updateProjectConfig(projectId: string, config: ProjectConfig): Promise<Project> {
  const api = await getApiClient();
  const response = await api.updateProjectConfig({ project_id: projectId }, config);
  return response.data;
}
