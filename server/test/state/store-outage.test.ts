import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';

/** Redis going away is a clear 503 {"detail"} (never a hang or a crash), and the gateway recovers when it is back. */
describe('MOCK_STORE=redis: the store goes away and comes back', () => {
  let redis: TestRedis;
  let gateway: RunningGateway;
  const lines: string[] = [];

  beforeAll(async () => {
    redis = await startRedis({ persist: true });
    gateway = await startGateway(
      { MOCK_STORE: redis.url, SESSION_SECRET: 'outage-secret-0123456789-abcdefghij' },
      lines,
    );
  }, 30_000);
  afterAll(async () => {
    await gateway?.close();
    await redis?.dispose();
  });

  it('answers 503 with a detail that names no address while Redis is down, and 200 again after', async () => {
    const { cookieHeader } = await signIn(gateway.baseUrl, 'ada@example.com');
    const list = () => fetch(`${gateway.baseUrl}/api/projects`, { headers: { cookie: cookieHeader } });
    expect((await list()).status).toBe(200);

    await redis.stop();
    const started = Date.now();
    const down = await list();
    expect(down.status).toBe(503);
    const body = (await down.json()) as { detail: string };
    expect(body).toEqual({ detail: "The mock's state store is not answering: try again in a moment" });
    expect(body.detail).not.toContain(String(redis.port));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(lines.some((line) => line.includes('StoreUnavailableError'))).toBe(true);

    await redis.restart();
    await expect.poll(async () => (await list()).status, { timeout: 15_000, interval: 200 }).toBe(200);
  }, 60_000);
});
