import { getApiClient } from '@/lib/api/client';
import type { Project, ProjectConfig } from '@/lib/api/schemas';

/**
 * updateProjectConfig: sets the build configuration a project's next builds use; answers the project.
 * The project itself belongs to the page that loaded it, which revalidates it (BuildConfigPanel's
 * `onConfigSaved`): features do not reach into each other's cache keys.
 */
export async function updateProjectConfig(projectId: string, config: ProjectConfig): Promise<Project> {
  const api = await getApiClient();
  const response = await api.updateProjectConfig({ project_id: projectId }, config);
  return response.data;
}
