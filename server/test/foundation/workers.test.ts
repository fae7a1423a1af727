import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream, type UpstreamServer } from '../proxy/upstream-server.js';
import { listeningPort, spawnGateway, type GatewayProcess } from '../helpers/spawn-gateway.js';
import { startRedis } from '../helpers/redis-server.js';
import { signIn } from '../helpers/sign-in.js';

/** The pids of the gateway processes that logged a finished request. */
function answeringPids(gateway: GatewayProcess): Set<number> {
  const pids = gateway
    .stdout()
    .split('\n')
    .filter((line) => line.includes('"request completed"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
  return new Set(pids);
}

describe('WORKERS: the gateway as a cluster on one port (proxy mode)', () => {
  let upstream: UpstreamServer;
  let gateway: GatewayProcess;
  let port: number;

  beforeAll(async () => {
    upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    gateway = spawnGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      MODE: 'proxy',
      API_UPSTREAM: upstream.url,
      AUTH_UPSTREAM: upstream.url,
      WORKERS: '2',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    port = await listeningPort(gateway);
    await gateway.waitForLine(/worker 1 of 2/);
    await gateway.waitForLine(/worker 2 of 2/);
  }, 60_000);

  afterAll(async () => {
    if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
    await upstream.close();
  });

  it('two workers answer on the one port, each a process of its own', async () => {
    // A new connection per request: the primary hands connections to the workers in turn.
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/api/projects`, { headers: { connection: 'close' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    }
    await expect.poll(() => answeringPids(gateway).size, { timeout: 5000 }).toBe(2);
    expect(answeringPids(gateway).has(gateway.child.pid!)).toBe(false);
  });

  it('SIGTERM to the primary drains every worker and exits 0', async () => {
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    const drained = gateway
      .stdout()
      .split('\n')
      .filter((line) => line.includes('shutting down: draining in-flight requests'));
    expect(drained).toHaveLength(2);
  }, 30_000);
});

describe('WORKERS in mock mode', () => {
  it('is refused at start with MOCK_STORE=memory, with a message saying why (the state is in one process)', async () => {
    const gateway = spawnGateway({ PORT: '0', HOST: '127.0.0.1', MODE: 'mock', WORKERS: '2' });
    expect(await gateway.exited).toBe(1);
    expect(gateway.stderr()).toContain('WORKERS: with MOCK_STORE=memory, mock mode runs in one process');
    expect(gateway.stderr()).toContain('needs MOCK_STORE=redis://… or MODE=proxy');
  }, 30_000);

  it('with MOCK_STORE=redis, two workers serve one state: a sign-in made on one is honoured by both', async () => {
    const redis = await startRedis();
    const gateway = spawnGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      MODE: 'mock',
      WORKERS: '2',
      MOCK_STORE: redis.url,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    try {
      const port = await listeningPort(gateway);
      // Both, not the second only: the workers start side by side and either may listen first (worker 1
      // trailed worker 2 by up to 161 ms in six starts here); connections go only to listening workers.
      await gateway.waitForLine(/worker 1 of 2/);
      await gateway.waitForLine(/worker 2 of 2/);
      const { cookieHeader } = await signIn(`http://127.0.0.1:${port}`, 'ada@example.com');
      for (let i = 0; i < 20; i++) {
        const response = await fetch(`http://127.0.0.1:${port}/api/projects`, {
          headers: { cookie: cookieHeader, connection: 'close' },
        });
        expect(response.status).toBe(200);
        expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
      }
      await expect.poll(() => answeringPids(gateway).size, { timeout: 5000 }).toBe(2);
    } finally {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
      await redis.dispose();
    }
  }, 60_000);
});
