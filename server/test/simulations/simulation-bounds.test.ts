import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.js';
import { ApiError } from '../../src/errors.js';
import { selectSimulationRunner } from '../../src/mock/simulations/select-simulation-runner.js';
import { SimulationService, type ProjectSnapshot } from '../../src/mock/simulations/simulation-service.js';
import { SimulationStore } from '../../src/mock/simulations/simulation-store.js';
import type { StateStore } from '../../src/mock/state/state-store.js';
import { ADMIN_TOKEN, startGateway, type RunningGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { openRedisStore, storesUnderTest, testRedis, uniquePrefix } from '../helpers/stores-under-test.js';
import { GRACE } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';
import { simulationApi } from './simulation-http.js';
import { ENDLESS_CLOCK_TB, PASSING_TB } from './testbench-designs.js';

/** Every key a simulation may have stored that is still there (simulation-store.ts's layout). */
async function keysLeft(store: StateStore, id: string): Promise<string[]> {
  const documents = [`sim:${id}`, `sim:${id}:wave`, `sim:${id}:signals`];
  const lists = [`sim:${id}:log`, `sim:${id}:vcd`, `sim:${id}:csv`];
  for (let signal = 0; signal < 8; signal++) lists.push(`sim:${id}:w:s${signal}`);
  const left: string[] = [];
  for (const key of documents) if (await store.read(key)) left.push(key);
  for (const key of lists) if ((await store.length(key)) > 0) left.push(key);
  return left;
}

const testbench = (name: string, stopTimeNs = 1000) => ({
  kind: 'testbench',
  testbench: name,
  stop_time_ns: stopTimeNs,
});

/**
 * Simulations bounded like builds, with real GHDL: an hourly quota per user, and nothing a run
 * stored outlives it — pushed out by MOCK_SIMULATIONS_KEPT (even a run cancelled before its
 * waveform's index was written), its project deleted or its sandbox dropped. The store's part runs
 * on both state stores; the gateway's (the 429, DELETE, an admin reset) over real HTTP.
 */
describe.each(storesUnderTest())('simulations in the $kind store', (storeUnderTest) => {
  let store: StateStore;
  let service: SimulationService;
  const owner = 'sandbox-a';
  const snapshot = (projectId: string): ProjectSnapshot => ({
    projectId,
    config: { hardware: 'mk-pro', slots: 4, os_version: '4.1.1', target: 'CustomInstrument', interpolation: false },
    files: [
      { name: 'pass_tb.vhd', content: PASSING_TB },
      { name: 'endless_tb.vhd', content: ENDLESS_CLOCK_TB },
    ],
    clockHz: 312.5e6,
  });
  const plan = (name: string, stopTimeNs = 1000) => ({ kind: 'testbench' as const, testbench: name, stopTimeNs });
  const finished = (id: string) =>
    waitFor(
      async () => ((await service.store.get(id))?.status.match(/passed|failed|cancelled/) ? true : undefined),
      `simulation ${id} finished`,
      60_000,
    );

  beforeAll(async () => {
    store = await storeUnderTest.open(Date.now);
    const config = testConfig({ MOCK_BUILDS: 'toolchain' }).mock;
    service = new SimulationService(
      new SimulationStore(store, { keptPerSandbox: 1, perHour: 3, leaseMs: 10_000 }),
      selectSimulationRunner(config, 'toolchain'),
      {
        limits: { vcdBytes: 4 * 1024 * 1024, storageBytes: 64 * 1024 * 1024 },
        leaseMs: 10_000,
        log: pino({ level: 'silent' }),
      },
    );
  }, 30_000);
  afterAll(async () => {
    service?.close();
    await store?.close();
  });

  it('counts each run in the store, forgets runs pushed out (a cancelled one too), refuses past the hour, and forgets by project and by sandbox', async () => {
    const before = await store.usedBytes();
    const first = await service.start(owner, snapshot('p1'), plan('pass_tb.vhd'));
    await finished(first.id);
    expect((await service.store.get(first.id))?.status).toBe('passed');
    const vcdChars = (await service.store.file(first.id, 'vcd'))!.length;
    expect(await keysLeft(store, first.id)).toEqual(expect.arrayContaining([`sim:${first.id}:w:s0`]));
    // The memory store counts its log, VCD and waveform in what the gateway holds (Redis: null).
    if (before !== null) expect((await store.usedBytes())! - before).toBeGreaterThan(2 * vcdChars);

    // Cancelled once it stored changes, before its waveform's index exists.
    const second = await service.start(owner, snapshot('p1'), plan('endless_tb.vhd', 1e9));
    expect(await keysLeft(store, first.id)).toEqual([]); // pushed out (kept: 1)
    await waitFor(
      async () => ((await store.length(`sim:${second.id}:w:s0`)) > 0 ? true : undefined),
      'changes',
      60_000,
    );
    await service.cancel(owner, second.id);
    expect(await store.read(`sim:${second.id}:wave`)).toBeNull();

    const third = await service.start(owner, snapshot('p2'), plan('pass_tb.vhd'));
    await finished(third.id);
    // Pushed out by the third while its cancelled run may still be storing the piece it was reading: once
    // that run has stopped, nothing of it is left.
    await waitFor(
      async () => ((await keysLeft(store, second.id)).length === 0 ? true : undefined),
      'second gone',
      10_000,
    );

    await expect(service.start(owner, snapshot('p2'), plan('pass_tb.vhd'))).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(
        /^Simulation rate limit reached: this demo runs at most 3 simulations per user per hour; try again in (60|59) minutes$/,
      ) as unknown,
    });

    const held = await store.usedBytes();
    await service.forgetProject(owner, 'p2');
    expect(await keysLeft(store, third.id)).toEqual([]);
    if (held !== null) expect(held - (await store.usedBytes())!).toBeGreaterThan(vcdChars);
    // A deleted project gives no runs back.
    await expect(service.start(owner, snapshot('p1'), plan('pass_tb.vhd'))).rejects.toBeInstanceOf(ApiError);

    // Another sandbox, dropped while its run is still going.
    const other = await service.start('sandbox-b', snapshot('p3'), plan('endless_tb.vhd', 1e9));
    await waitFor(async () => ((await store.length(`sim:${other.id}:w:s0`)) > 0 ? true : undefined), 'changes', 60_000);
    await service.forgetOwner('sandbox-b');
    await waitFor(async () => ((await keysLeft(store, other.id)).length === 0 ? true : undefined), 'forgotten', 30_000);
    expect(await store.read('sims:sandbox-b')).toBeNull();
    if (before !== null) expect((await store.usedBytes())! - before).toBeLessThan(1000); // the list of sandbox-a
  }, 180_000);
});

describe('simulation bounds through the gateway (Redis store, real HTTP)', () => {
  const redis = testRedis();
  let gateway: RunningGateway;
  let store: StateStore;

  beforeAll(async () => {
    const prefix = uniquePrefix();
    gateway = await startGateway({
      MOCK_BUILDS: 'toolchain',
      MOCK_MAX_SIMULATIONS_PER_HOUR: '2',
      ADMIN_TOKEN,
      MOCK_STORE: redis.url,
      MOCK_STORE_PREFIX: prefix,
    });
    store = await openRedisStore(redis.url, prefix);
  }, 90_000);
  afterAll(async () => {
    await gateway?.close();
    await store?.close();
  });

  it('the hourly quota is a 429 with its detail; a deleted project and a reset user take their runs with them', async () => {
    const grace = simulationApi(gateway.baseUrl, (await signIn(gateway.baseUrl, GRACE)).cookieHeader);
    const doomed = await grace.newProject('Doomed bench', { 'pass_tb.vhd': PASSING_TB });
    const first = await grace.run(doomed, testbench('pass_tb.vhd'));
    expect(first.status, first.log.join('\n')).toBe('passed');
    expect(await keysLeft(store, first.id)).toContain(`sim:${first.id}:vcd`);
    expect((await grace.call(`/api/projects/${doomed}`, { method: 'DELETE' })).status).toBe(204);
    expect(await keysLeft(store, first.id)).toEqual([]);

    const kept = await grace.newProject('Kept bench', { 'pass_tb.vhd': PASSING_TB });
    const second = await grace.run(kept, testbench('pass_tb.vhd'));
    expect(second.status, second.log.join('\n')).toBe('passed');
    const refused = await grace.call(`/api/projects/${kept}/simulations`, { body: testbench('pass_tb.vhd') });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /^Simulation rate limit reached: this demo runs at most 2 simulations per user per hour; try again in (60|59) minutes$/,
    );

    const reset = await fetch(`${gateway.baseUrl}/mock-admin/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: GRACE }),
    });
    expect(reset.status).toBe(200);
    expect(await keysLeft(store, second.id)).toEqual([]);
  }, 120_000);
});

describe("simulations in the user's storage quota (real HTTP)", () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startGateway({ MOCK_BUILDS: 'toolchain', MOCK_SIMULATION_STORAGE_MB: '1' });
  }, 90_000);
  afterAll(() => gateway?.close());

  it('a run that takes the user past MOCK_SIMULATION_STORAGE_MB is stopped there, and the next start forgets it to make room', async () => {
    const grace = simulationApi(gateway.baseUrl, (await signIn(gateway.baseUrl, GRACE)).cookieHeader);
    const project = await grace.newProject('Quota bench', {
      'endless_tb.vhd': ENDLESS_CLOCK_TB,
      'pass_tb.vhd': PASSING_TB,
    });
    // A clock toggling every nanosecond for 400 µs: some 4 MiB of VCD, past the 1 MiB quota (and within the 32 MiB a run may write).
    const big = await grace.run(project, testbench('endless_tb.vhd', 400_000));
    expect(big.status).toBe('failed');
    expect(big.failure?.message).toBe(
      'Your simulations reached their storage quota (1 MiB of waveforms and stimulus kept per user): the simulation was stopped there. ' +
        'Starting another forgets your oldest simulations to make room; simulate fewer cycles, or record fewer signals',
    );
    const vcd = await grace.call(`/api/simulations/${big.id}/vcd`);
    expect(vcd.status).toBe(200);
    const kept = (await vcd.arrayBuffer()).byteLength;
    expect(kept).toBeGreaterThan(900 * 1024);
    expect(kept).toBeLessThanOrEqual(1024 * 1024);

    // It holds the whole quota: the next start forgets it, and runs.
    const small = await grace.run(project, testbench('pass_tb.vhd'));
    expect(small.status, small.log.join('\n')).toBe('passed');
    expect((await grace.call(`/api/simulations/${big.id}`)).status).toBe(404);
  }, 180_000);
});
