import type { FastifyPluginAsync } from 'fastify';
import compress from '@fastify/compress';
import identityPlugin from './identity/identity.js';
import apiPlugin, { loadContract } from './api/api.js';
import mockAdminRoutes from './admin/mock-admin-routes.js';
import { MockControls } from './admin/controls.js';
import { QuotaGuard } from './api/quotas.js';
import { selectRunner } from './builds/index.js';
import { CheckFlights } from './checks/check-flights.js';
import { selectDraftChecker } from './checks/select-checker.js';
import { loadSeedData } from './fixtures.js';
import os from 'node:os';
import { sandboxesWithBuilds } from './store/build-wiring.js';
import { describeStore, openStateStore } from './state/open-store.js';
import { selectSimulationRunner } from './simulations/select-simulation-runner.js';
import { SimulationService } from './simulations/simulation-service.js';
import { SimulationStore } from './simulations/simulation-store.js';

export interface MockPluginOptions {
  /**
   * Who the API's callers are (a plugin decorating `app.mockIdentity`); the mock identity provider
   * by default. Proxy mode's fallback (proxy/fallback/) names callers by their upstream credential.
   */
  identity?: FastifyPluginAsync;
}

/**
 * MODE=mock: the gateway answers /api and the identity paths itself, so the SPA runs with no
 * outside service. The identity provider comes first: the API trusts its sessions.
 */
const mockPlugin: FastifyPluginAsync<MockPluginOptions> = async (app, options) => {
  const { mock } = app.config;
  await app.register(compress, { threshold: 1024 });
  const store = await openStateStore(mock, app.log);
  app.decorate('mockStore', store);
  app.log.info({ store: store.kind }, `Mock state: ${describeStore(mock.store, mock.limits.storeBytes)}`);
  await app.register(options.identity ?? identityPlugin);

  const seed = await loadSeedData(mock.fixturesDir);
  const builds = selectRunner(mock, seed);
  app.log.info({ builds: builds.kind }, `Mock builds: ${builds.kind} (${builds.reason})`);
  const checks = { checker: selectDraftChecker(mock), flights: new CheckFlights() };
  const simulations = new SimulationService(
    new SimulationStore(store, {
      keptPerSandbox: mock.simulationsKept,
      perHour: mock.limits.simulationsPerHour,
      leaseMs: mock.buildLeaseMs,
      storage: { quotaBytes: mock.simulationStorageBytes, runBytes: mock.simulationVcdBytes },
    }),
    selectSimulationRunner(mock, builds.kind),
    {
      limits: { vcdBytes: mock.simulationVcdBytes, storageBytes: mock.simulationStorageBytes },
      leaseMs: mock.buildLeaseMs,
      log: app.log,
    },
  );
  const { registry, dispatcher } = sandboxesWithBuilds(
    {
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
      forgetBeside: (sandboxKey) => simulations.forgetOwner(sandboxKey),
    },
    {
      runner: builds.runner,
      leaseMs: mock.buildLeaseMs,
      // Real tools: a few more than the tool slots (the rest wait where any gateway can take them).
      capacity: builds.kind === 'toolchain' ? 2 * (mock.buildConcurrency ?? os.availableParallelism()) : 64,
      log: app.log,
    },
  );
  // Idle session sandboxes also go when nobody calls the API; the timer never keeps the process up.
  const sweep = () => registry.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'mock: sweep failed'));
  const sweeper = setInterval(() => void sweep(), Math.min(60_000, mock.sandboxIdleMinutes * 15_000)).unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    checks.flights.abortAll();
    checks.checker?.close();
    simulations.close();
    await dispatcher?.close();
    registry.close();
    await store.close();
  });

  const controls = new MockControls(store);
  const contract = await loadContract();
  await app.register(apiPlugin, {
    registry,
    controls,
    contract,
    quotas: new QuotaGuard(mock.limits),
    checks,
    simulations,
  });
  // Only with ADMIN_TOKEN (plugins/admin.ts).
  await mockAdminRoutes(app, {
    registry,
    controls,
    operationIds: contract.api.getOperations().map((o) => o.operationId!),
  });
};

export default mockPlugin;
