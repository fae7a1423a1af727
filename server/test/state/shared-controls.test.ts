import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startGateway, type RunningGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { testRedis, uniquePrefix } from '../helpers/stores-under-test.js';

/** The admin API's latency and faults are mock state too: set through one gateway, they hold on all of one store. */
const redis = testRedis();
const running: RunningGateway[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((gateway) => gateway.close()));
});

describe('mock admin controls in a shared store', () => {
  it('a fault for 3 requests set on A hits 3 requests in all, on A and B together; latency set on B slows A', async () => {
    const env = {
      MOCK_STORE: redis.url,
      MOCK_STORE_PREFIX: uniquePrefix(),
      SESSION_SECRET: 'shared-controls-secret-0123456789-abc',
      ADMIN_TOKEN,
    };
    const [a, b] = await Promise.all([startGateway(env), startGateway(env)]);
    running.push(a, b);
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const { cookieHeader: cookie } = await signIn(a.baseUrl, 'ada@example.com');
    const list = (gateway: RunningGateway) => fetch(`${gateway.baseUrl}/api/projects`, { headers: { cookie } });

    const set = await fetch(`${a.baseUrl}/mock-admin/faults`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ operationId: 'listProjects', status: 503, detail: 'injected', times: 3 }),
    });
    expect(set.status).toBe(201);
    // B notices within its refresh interval (250 ms); then the three hits are shared out.
    await expect.poll(async () => (await list(b)).status, { timeout: 3000 }).toBe(503);
    const statuses = [];
    for (const gateway of [a, b, a, b, a, b]) statuses.push((await list(gateway)).status);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
    expect(statuses.slice(2)).toEqual([200, 200, 200, 200]);

    await fetch(`${b.baseUrl}/mock-admin/latency`, {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ operationId: 'listProjects', ms: 400 }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    expect((await list(a)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    const snapshot = await (await fetch(`${a.baseUrl}/mock-admin/controls`, { headers: admin })).json();
    expect(snapshot).toEqual({ latency: { listProjects: 400 }, faults: [] });
  });
});
