import { ok, type Handlers } from './types.js';

/** The examples a project can start from, and the build configurations on offer. */
export const exampleHandlers: Handlers = {
  listExamples: ({ sandbox }) => ok(sandbox.listExamples()),
  buildConfigs: ({ sandbox }) => ok(sandbox.buildConfigs()),
};
