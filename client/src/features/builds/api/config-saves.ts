// The configuration saves (updateProjectConfig) still on their way, per project: a build queued meanwhile
// (Build, F8 right after a change) must wait for them, or it would run with the configuration from before
// the change. The project itself belongs to the page that loaded it, which revalidates it
// (BuildConfigPanel's onConfigSaved).
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
