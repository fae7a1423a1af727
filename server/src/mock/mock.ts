import type { FastifyPluginAsync } from 'fastify';
import compress from '@fastify/compress';
import identityPlugin from './identity/identity.js';
import apiPlugin, { loadContract } from './api/api.js';
import mockAdminRoutes from './admin/mock-admin-routes.js';
import { MockControls } from './admin/controls.js';
import { QuotaGuard } from './api/quotas.js';
import { BuildDispatcher, selectRunner } from './builds/index.js';
import { loadSeedData } from './fixtures.js';
import os from 'node:os';
import { SandboxRegistry } from './store/registry.js';
import { describeStore, openStateStore } from './state/open-store.js';
import { selectSimulationRunner } from './simulations/select-simulation-runner.js';
import { SimulationService } from './simulations/simulation-service.js';
import { SimulationStore } from './simulations/simulation-store.js';

/**
 * MODE=mock: the gateway answers /api and the identity paths itself, so the SPA runs with no
 * outside service. The identity provider comes first: the API trusts its sessions.
 */
const mockPlugin: FastifyPluginAsync = async (app) => {
  const { mock } = app.config;
  await app.register(compress, { threshold: 1024 });
  const store = await openStateStore(mock, app.log);
  app.decorate('mockStore', store);
  app.log.info({ store: store.kind }, `Mock state: ${describeStore(mock.store, mock.limits.storeBytes)}`);
  await app.register(identityPlugin);

  const seed = await loadSeedData(mock.fixturesDir);
  const builds = selectRunner(mock, seed);
  app.log.info({ builds: builds.kind }, `Mock builds: ${builds.kind} (${builds.reason})`);
  const registry = new SandboxRegistry({
    store,
    seed,
    mode: mock.sandbox,
    idleMs: mock.sandboxIdleMinutes * 60_000,
    maxSandboxes: mock.limits.sandboxes,
    maxSandboxesPerAddress: mock.limits.sandboxesPerAddress,
    fakerSeed: mock.seed,
    startedAt: new Date(),
    // A full admin reset also puts the identity provider's users back to the fixtures.
    identity: app.mockIdentity,
  });
  const dispatcher = new BuildDispatcher({
    store,
    registry,
    runner: builds.runner,
    leaseMs: mock.buildLeaseMs,
    // Real tools: a few more than the tool slots (the rest wait where any gateway can take them).
    capacity: builds.kind === 'toolchain' ? 2 * (mock.buildConcurrency ?? os.availableParallelism()) : 64,
    log: app.log,
  });
  registry.handOffBuildsTo(dispatcher);
  // Idle session sandboxes also go when nobody calls the API; the timer never keeps the process up.
  const sweep = () => registry.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'mock: sweep failed'));
  const sweeper = setInterval(() => void sweep(), Math.min(60_000, mock.sandboxIdleMinutes * 15_000)).unref();
  const simulations = new SimulationService(
    new SimulationStore(store, { keptPerSandbox: mock.simulationsKept, leaseMs: mock.buildLeaseMs }),
    selectSimulationRunner(mock, builds.kind),
    { limits: { vcdBytes: mock.simulationVcdBytes }, leaseMs: mock.buildLeaseMs, log: app.log },
  );
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    simulations.close();
    await dispatcher.close();
    registry.close();
    await store.close();
  });

  const controls = new MockControls(store);
  const contract = await loadContract();
  await app.register(apiPlugin, { registry, controls, contract, quotas: new QuotaGuard(mock.limits), simulations });
  // Only with ADMIN_TOKEN (plugins/admin.ts).
  await mockAdminRoutes(app, {
    registry,
    controls,
    operationIds: contract.api.getOperations().map((o) => o.operationId!),
  });
};

export default mockPlugin;
