import type { ProjectConfig } from '../domain.js';
import { created, noContent, ok, okShared, str, type Handlers } from './types.js';

/** Projects and their build configuration. */
export const projectHandlers: Handlers = {
  listProjects: ({ sandbox }) => okShared(sandbox.listProjects()),
  createProject: ({ sandbox, body }) =>
    created(sandbox.createProject(body as { name: string; example?: string; config?: ProjectConfig })),
  getProject: ({ sandbox, params }) => ok(sandbox.getProject(str(params.project_id))),
  renameProject: ({ sandbox, params, body }) =>
    ok(sandbox.renameProject(str(params.project_id), (body as { name: string }).name)),
  deleteProject: ({ sandbox, params, sandboxKey, simulations }) => {
    const projectId = str(params.project_id);
    sandbox.deleteProject(projectId);
    // Its simulations live beside the sandbox: they go once the deletion is stored.
    return {
      status: 204,
      afterUnit: async () => {
        await simulations.service.forgetProject(sandboxKey, projectId);
        return noContent();
      },
    };
  },
  updateProjectConfig: ({ sandbox, params, body }) =>
    ok(sandbox.updateConfig(str(params.project_id), body as ProjectConfig)),
};
