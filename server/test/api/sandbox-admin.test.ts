import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.js';
import { ADMIN_TOKEN, startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';

describe('mock API: session sandboxes', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startApiGateway({ MOCK_SANDBOX: 'session' });
  });
  afterAll(() => gateway.stop());

  it('gives every sign-in its own fresh copy of the fixtures', async () => {
    const first = await gateway.as(ADA);
    const second = await gateway.as(ADA);
    const projects = (await first('GET', '/api/projects')).json<{ id: string; name: string }[]>();
    // Same seed, same fixtures: the same ids, but separate state.
    expect((await second('GET', '/api/projects')).json<{ id: string }[]>().map((p) => p.id)).toEqual(
      projects.map((p) => p.id),
    );
    const adder = projects.find((p) => p.name === 'Adder')!.id;
    await first('PATCH', `/api/projects/${adder}`, { body: { name: 'Renamed by visitor one' } });
    await first('DELETE', `/api/projects/${adder}/files/top.xdc`);
    expect((await second('GET', `/api/projects/${adder}`)).json().name).toBe('Adder');
    expect((await second('GET', `/api/projects/${adder}/files`)).json()).toHaveLength(2);
    expect((await first('GET', `/api/projects/${adder}`)).json().name).toBe('Renamed by visitor one');
  });
});

describe('mock API: idle session sandboxes expire', () => {
  it('drops a sandbox idle for longer than MOCK_SANDBOX_IDLE_MINUTES', async () => {
    const { loadSeedData } = await import('../../src/mock/fixtures.js');
    const { writeTestFixtures } = await import('../helpers/test-fixtures.js');
    const { sandboxHarness, sessionOf } = await import('../helpers/sandbox-harness.js');
    const fixtures = await writeTestFixtures();
    try {
      const { registry, visit, holdsWork, advance } = sandboxHarness({
        seed: await loadSeedData(fixtures.dir),
        mode: 'session',
        idleMs: 60_000,
      });
      const s1 = sessionOf('s1');
      await visit(s1, { address: 'a', write: true });
      advance(59_000);
      await visit(s1, { address: 'a', write: false });
      expect(await holdsWork(s1)).toBe(true);
      await visit(sessionOf('s2'), { address: 'a', write: false });
      advance(60_001);
      await registry.sweep();
      expect(await registry.size()).toBe(0);
      await visit(s1, { address: 'a', write: false });
      expect(await holdsWork(s1)).toBe(false);
    } finally {
      await fixtures.remove();
    }
  });
});

describe('mock admin API', () => {
  let gateway: TestGateway;
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = ADMIN_TOKEN) =>
    gateway.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  beforeAll(async () => {
    gateway = await startApiGateway({ ADMIN_TOKEN });
  });
  afterAll(() => gateway.stop());

  it('does not exist without ADMIN_TOKEN', async () => {
    const plain = await startApiGateway();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/mock-admin/reset',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.stop();
    }
  });

  it('refuses a missing or wrong token', async () => {
    expect((await gateway.app.inject({ method: 'POST', url: '/mock-admin/reset' })).statusCode).toBe(401);
    expect((await admin('POST', '/mock-admin/reset', undefined, 'wrong-token-wrong-token')).statusCode).toBe(401);
  });

  it('resets state to the fixtures', async () => {
    const ada = await gateway.as(ADA);
    const created = (await ada('POST', '/api/projects', { body: { name: 'Temporary' } })).json<{ id: string }>();
    expect((await admin('POST', '/mock-admin/reset', { email: 'someone@else.com' })).json()).toEqual({ reset: 0 });
    expect((await ada('GET', `/api/projects/${created.id}`)).statusCode).toBe(200);
    expect((await admin('POST', '/mock-admin/reset')).json()).toEqual({ reset: 1 });
    expect((await ada('GET', `/api/projects/${created.id}`)).statusCode).toBe(404);
    expect((await ada('GET', '/api/projects')).json().map((p: { name: string }) => p.name)).toEqual([
      'Adder',
      'Limiter',
    ]);
    const bad = await admin('POST', '/mock-admin/reset', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'email']);
  });

  it('sets per-operation latency', async () => {
    const ada = await gateway.as(ADA);
    expect((await admin('PUT', '/mock-admin/latency', { operationId: 'listExamples', ms: 150 })).statusCode).toBe(200);
    let started = performance.now();
    await ada('GET', '/api/examples');
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    started = performance.now();
    await ada('GET', '/api/build-configs');
    expect(performance.now() - started).toBeLessThan(145);
    expect((await admin('GET', '/mock-admin/controls')).json().latency).toEqual({ listExamples: 150 });
    await admin('DELETE', '/mock-admin/latency');
    expect((await admin('PUT', '/mock-admin/latency', { operationId: 'noSuchOperation', ms: 10 })).statusCode).toBe(
      422,
    );
    expect((await admin('PUT', '/mock-admin/latency', { ms: -1 })).statusCode).toBe(422);
  });

  it('injects an error status a given number of times, then answers normally again', async () => {
    const ada = await gateway.as(ADA);
    const added = await admin('POST', '/mock-admin/faults', {
      operationId: 'newProjectBuild',
      status: 503,
      detail: 'Build farm down',
      times: 2,
    });
    expect(added.statusCode).toBe(201);
    const project = (await ada('GET', '/api/projects')).json<{ id: string }[]>()[0]!.id;
    for (let i = 0; i < 2; i++) {
      const failed = await gateway.app.inject({ method: 'POST', url: `/api/projects/${project}/builds`, headers: {} });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({ detail: 'Build farm down' });
    }
    const queued = await ada('POST', `/api/projects/${project}/builds`);
    expect(queued.statusCode).toBe(201);
    await ada('POST', `/api/builds/${queued.json().id}/cancel`);
  });

  it('drops the connection on a dropped-connection fault (over a real socket)', async () => {
    await admin('POST', '/mock-admin/faults', { operationId: '*', drop: true, times: 1 });
    const { cookieHeader } = await signIn(gateway.baseUrl, ADA);
    const outcome = await fetch(`${gateway.baseUrl}/api/projects`, { headers: { cookie: cookieHeader } }).then(
      (r) => `status ${r.status}`,
      (error: Error) => `error ${error.message}`,
    );
    expect(outcome).toMatch(/^error/);
    const after = await fetch(`${gateway.baseUrl}/api/projects`, { headers: { cookie: cookieHeader } });
    expect(after.status).toBe(200);
    await admin('DELETE', '/mock-admin/faults');
    expect((await admin('GET', '/mock-admin/controls')).json().faults).toEqual([]);
  });

  it('rejects faults with bad fields, listing each', async () => {
    const response = await admin('POST', '/mock-admin/faults', { operationId: 'x', status: 200, extra: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.length).toBeGreaterThanOrEqual(2);
  });
});
