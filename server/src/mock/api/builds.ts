import { created, ok, okShared, str, type Handlers } from './types.js';

/** Builds: queueing, following, cancelling, logs and artifacts. */
export const buildHandlers: Handlers = {
  projectBuilds: ({ sandbox, params }) => okShared(sandbox.listBuilds(str(params.project_id))),
  newProjectBuild: ({ sandbox, params }) => created(sandbox.newBuild(str(params.project_id))),
  getLatestBuild: ({ sandbox, params }) => ok(sandbox.latestBuild(str(params.project_id))),
  buildDetails: ({ sandbox, params }) => ok(sandbox.getBuild(str(params.build_id))),
  cancelBuild: async ({ sandbox, params }) => ok(await sandbox.cancelBuild(str(params.build_id))),
  getBuildLog: async ({ sandbox, params, query }) =>
    ok(await sandbox.getLog(str(params.build_id), Number(query.offset ?? 0), Number(query.limit ?? 5000))),
  getArtifact: async ({ sandbox, params }) => {
    const artifact = await sandbox.getArtifact(str(params.build_id), str(params.artifact_name));
    const text = artifact.contentType.startsWith('text/');
    return {
      status: 200,
      body: artifact.content,
      contentType: text ? `${artifact.contentType}; charset=utf-8` : artifact.contentType,
      headers: { 'content-disposition': `attachment; filename="${artifact.name}"` },
    };
  },
};
