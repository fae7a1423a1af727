import { okOnce, type Handlers } from './types.js';

/**
 * The examples a project can start from, and the build configurations on offer: they depend on the
 * fixtures alone (loaded once at start), so their JSON text is made once per fixture set.
 */
export const exampleHandlers: Handlers = {
  listExamples: ({ sandbox }) => okOnce(sandbox.seedData.examples, () => sandbox.listExamples()),
  buildConfigs: ({ sandbox }) => okOnce(sandbox.seedData.buildConfigs, () => sandbox.buildConfigs()),
};
