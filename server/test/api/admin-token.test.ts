import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startGateway, type RunningGateway } from '../helpers/gateway.js';
import { closedPort } from '../proxy/upstream-server.js';

/**
 * The admin API has one token check (plugins/admin.ts) for both of its prefixes: the mock's
 * /mock-admin controls and the proxy's /admin/contract report answer a missing or wrong token alike.
 */
describe('admin API: one token check for /mock-admin and /admin', () => {
  const gateways: RunningGateway[] = [];
  let mock: RunningGateway;
  let proxy: RunningGateway;
  beforeAll(async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    mock = await startGateway({ ADMIN_TOKEN });
    proxy = await startGateway({
      MODE: 'proxy',
      API_UPSTREAM: nowhere,
      AUTH_UPSTREAM: nowhere,
      VALIDATE: 'report',
      ADMIN_TOKEN,
    });
    gateways.push(mock, proxy);
  });
  afterAll(() => Promise.all(gateways.map((g) => g.close())));

  it('answers 401 {"detail"} without the token or with a wrong one, and serves it with the right one', async () => {
    for (const [gateway, path] of [
      [mock, '/mock-admin/controls'],
      [proxy, '/admin/contract'],
    ] as const) {
      const http = request(gateway.baseUrl);
      const missing = await http.get(path).expect(401);
      const wrong = await http.get(path).set('authorization', 'Bearer wrong-token-wrong-token').expect(401);
      expect(missing.body).toEqual({ detail: expect.stringContaining('Admin token') as unknown });
      expect(wrong.body).toEqual(missing.body);
      await http.get(path).set('authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    }
  });

  it('does not exist without ADMIN_TOKEN', async () => {
    const bare = await startGateway();
    gateways.push(bare);
    await request(bare.baseUrl).get('/mock-admin/controls').set('authorization', `Bearer ${ADMIN_TOKEN}`).expect(404);
  });
});
