import { created, noContent, ok, str, type Handlers } from './types.js';

/** Text bodies arrive as strings; a save without a body writes an empty file. */
const text = (body: unknown) => (typeof body === 'string' ? body : '');

/** A project's source files: a flat list of names. */
export const fileHandlers: Handlers = {
  getProjectFiles: ({ sandbox, params }) => ok(sandbox.listFiles(str(params.project_id))),
  getFile: ({ sandbox, params }) => ok(sandbox.getFile(str(params.project_id), str(params.name))),
  createFile: ({ sandbox, params, body }) =>
    created(sandbox.createFile(str(params.project_id), str(params.name), text(body))),
  updateFile: ({ sandbox, params, query, body }) =>
    ok(
      sandbox.updateFile(
        str(params.project_id),
        str(params.name),
        text(body),
        query.expected_timestamp === undefined ? undefined : String(query.expected_timestamp),
      ),
    ),
  renameFile: ({ sandbox, params, query }) =>
    ok(sandbox.renameFile(str(params.project_id), str(params.name), String(query.new_name))),
  deleteFile: ({ sandbox, params }) => {
    sandbox.deleteFile(str(params.project_id), str(params.name));
    return noContent();
  },
};
