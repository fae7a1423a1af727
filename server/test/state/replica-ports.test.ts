import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, signIn } from '../helpers/sign-in.js';
import { spawnGateway, type GatewayProcess } from '../helpers/spawn-gateway.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { freePort } from '../helpers/tcp.js';
import { ADA, writeTestFixtures } from '../helpers/test-fixtures.js';

/**
 * README's recipe for two replicas, as written: two gateway processes on two ports of one host and
 * one real redis-server, with nothing else set (no PUBLIC_URL, so each derives its own from its
 * port, and no SESSION_SECRET, so the secret is the one kept in Redis). A browser keeps one cookie
 * jar per host, not per port: the jar below is shared by both, as the browser's would be.
 */
describe('two replicas on two ports (MOCK_STORE=redis, PUBLIC_URL left to each)', () => {
  let redis: TestRedis;
  let fixtures: Awaited<ReturnType<typeof writeTestFixtures>>;
  const gateways: GatewayProcess[] = [];

  const start = async (): Promise<string> => {
    const port = await freePort();
    const gateway = spawnGateway({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      FIXTURES_DIR: fixtures.dir,
      MOCK_STORE: redis.url,
      MOCK_STORE_PREFIX: 'replica-ports:',
      MOCK_BUILDS: 'simulated',
    });
    gateways.push(gateway);
    await gateway.waitForLine(/Server listening at/);
    return `http://127.0.0.1:${port}`;
  };

  const status = async (jar: CookieJar, url: string) => {
    const response = await jar.fetch(url);
    await response.body?.cancel();
    return response.status;
  };

  beforeAll(async () => {
    redis = await startRedis();
    fixtures = await writeTestFixtures();
  }, 30_000);

  afterAll(async () => {
    for (const gateway of gateways) if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
    await redis?.dispose();
    await fixtures?.remove();
  });

  it("a token from one is accepted by the other, and signing in on one keeps the other's sign-in", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const jar = new CookieJar();
    await signIn(a, ADA, { jar });
    expect(await status(jar, `${b}/app/me/`)).toBe(200);
    expect(await status(jar, `${b}/api/projects`)).toBe(200);

    // Signing in again on B replaces the host's cookies: A still takes them.
    await signIn(b, ADA, { jar });
    expect(await status(jar, `${a}/app/me/`)).toBe(200);
    expect(await status(jar, `${a}/api/projects`)).toBe(200);

    // B's refresh token is redeemed on A, and the new access token works on B.
    const refreshed = await jar.fetch(`${a}/app/refresh/?client_id=cloud-compile`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refreshed.status).toBe(200);
    expect(await status(jar, `${b}/api/projects`)).toBe(200);
  }, 60_000);
});
