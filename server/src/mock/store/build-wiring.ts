import { BuildDispatcher, type BuildDispatcherOptions, type BuildSandboxes } from '../builds/index.js';
import { SandboxRegistry, type SandboxRegistryOptions } from './registry.js';

/** The sandboxes as the dispatcher sees them (builds/build-ports.ts): each call one unit of work. */
export function buildSandboxes(registry: SandboxRegistry): BuildSandboxes {
  return {
    storage: registry.buildStorage,
    jobOf: async (sandboxKey, buildId) => (await registry.read(sandboxKey, (sandbox) => sandbox.jobOf(buildId)))?.value,
    record: async (sandboxKey, change) =>
      (await registry.update(sandboxKey, (sandbox) => change(sandbox.progress)))?.value ?? false,
    finished: async (sandboxKey, buildId, outcome, log, own) => {
      await registry.update(sandboxKey, (sandbox) => sandbox.finishedBuild(buildId, outcome, log, own));
    },
    failStranded: async (sandboxKey, buildId, reason) => {
      await registry.update(sandboxKey, (sandbox) => sandbox.failStrandedBuild(buildId, reason));
    },
  };
}

/**
 * The sandboxes and, given a runner, the dispatcher that runs their builds: the registry hands builds
 * on through its BuildHandoff port, the dispatcher writes their progress back through BuildSandboxes.
 * Each needs the other, so they meet here: the registry's port calls the dispatcher made right after
 * it (a registry hands nothing on while it is being made, so `dispatcher` exists by the first call).
 */
export function sandboxesWithBuilds(
  registryOptions: Omit<SandboxRegistryOptions, 'builds'>,
  builds?: Omit<BuildDispatcherOptions, 'store' | 'sandboxes'>,
): { registry: SandboxRegistry; dispatcher: BuildDispatcher | undefined } {
  if (!builds) return { registry: new SandboxRegistry(registryOptions), dispatcher: undefined };
  const registry: SandboxRegistry = new SandboxRegistry({
    ...registryOptions,
    builds: {
      dispatch: (sandboxKey, buildId, address) => dispatcher.dispatch(sandboxKey, buildId, address),
      stop: (sandboxKey, buildId) => dispatcher.stop(sandboxKey, buildId),
      waiting: () => dispatcher.waiting(),
    },
  });
  const dispatcher: BuildDispatcher = new BuildDispatcher({
    ...builds,
    store: registryOptions.store,
    sandboxes: buildSandboxes(registry),
  });
  return { registry, dispatcher };
}
