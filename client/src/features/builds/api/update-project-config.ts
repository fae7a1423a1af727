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

// The configuration saves still on their way, per project: a build queued meanwhile (Build, F8 right
// after a change) must wait for them, or it would run with the configuration from before the change.
const pendingSaves = new Map<string, Promise<unknown>>();

/** Records a save (or a chain of them) of the project's configuration until it settles. */
export function trackConfigSave(projectId: string, save: Promise<unknown>): void {
  pendingSaves.set(projectId, save);
  const forget = () => {
    if (pendingSaves.get(projectId) === save) pendingSaves.delete(projectId);
  };
  save.then(forget, forget);
}

/** Resolves once every configuration save of the project started so far has settled (failed ones too). */
export async function configSavesSettled(projectId: string): Promise<void> {
  for (let pending = pendingSaves.get(projectId); pending; pending = pendingSaves.get(projectId)) {
    await pending.catch(() => {});
    if (pendingSaves.get(projectId) === pending) break;
  }
}
