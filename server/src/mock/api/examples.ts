import { ok, type HandlerResult, type Handlers } from './types.js';

/**
 * The answers that depend on the fixtures alone (loaded once at start), as JSON text made once per
 * fixture set: serializing them again was a measurable share of these requests.
 */
const serialized = new WeakMap<object, HandlerResult>();

function fixedJson(key: object, body: () => unknown): HandlerResult {
  let result = serialized.get(key);
  if (!result) {
    result = { ...ok(JSON.stringify(body())), contentType: 'application/json; charset=utf-8' };
    serialized.set(key, result);
  }
  return result;
}

/** The examples a project can start from, and the build configurations on offer. */
export const exampleHandlers: Handlers = {
  listExamples: ({ sandbox }) => fixedJson(sandbox.seedData.examples, () => sandbox.listExamples()),
  buildConfigs: ({ sandbox }) => fixedJson(sandbox.seedData.buildConfigs, () => sandbox.buildConfigs()),
};
