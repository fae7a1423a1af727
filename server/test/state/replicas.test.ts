import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisStateStore } from '../../src/mock/state/redis-store.js';
import { signIn } from '../helpers/sign-in.js';
import { listeningPort, spawnGateway, type GatewayProcess } from '../helpers/spawn-gateway.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { ADA, writeTestFixtures } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

interface Build {
  id: string;
  status: string;
  error: string | null;
}
interface LogPage {
  lines: string[];
  total: number;
  complete: boolean;
}

/**
 * MOCK_STORE=redis: gateway processes on one Redis serve one state. Real processes (killed with
 * SIGKILL, restarted), a real redis-server with its append-only file, real HTTP and cookies.
 */
describe('two mock gateways on one Redis', () => {
  let redis: TestRedis;
  let fixtures: Awaited<ReturnType<typeof writeTestFixtures>>;
  const gateways: GatewayProcess[] = [];

  const start = async (extra: Record<string, string> = {}) => {
    const gateway = spawnGateway({
      MODE: 'mock',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      FIXTURES_DIR: fixtures.dir,
      MOCK_STORE: redis.url,
      MOCK_STORE_PREFIX: 'replicas:',
      SESSION_SECRET: 'a-secret-both-replicas-share-0123456789',
      MOCK_BUILDS: 'simulated',
      MOCK_BUILD_STEP_MS: '150',
      MOCK_BUILD_LEASE_MS: '1500',
      MOCK_SIGN_IN_RATE_LIMIT: '10000',
      MOCK_MAX_FILES_PER_PROJECT: '1000',
      MOCK_MAX_BUILDS_PER_HOUR: '1000',
      ...extra,
    });
    gateways.push(gateway);
    return { gateway, url: `http://127.0.0.1:${await listeningPort(gateway)}` };
  };

  const api = async <T>(base: string, cookie: string, method: string, path: string, body?: string) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { cookie, ...(body !== undefined && { 'content-type': 'text/plain' }) },
      body,
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} on ${base}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  beforeAll(async () => {
    redis = await startRedis({ persist: true });
    fixtures = await writeTestFixtures();
  }, 30_000);

  afterAll(async () => {
    for (const gateway of gateways) if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
    await redis?.dispose();
    await fixtures?.remove();
  });

  it('sign in on one, use the API on the other; a build queued on one is followed live on the other; every write lands', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const { cookieHeader: cookie } = await signIn(a.url, ADA);
    const projects = await api<{ id: string; name: string }[]>(b.url, cookie, 'GET', '/projects');
    const adder = projects.find((p) => p.name === 'Adder')!;
    expect(adder).toBeDefined();

    await api(a.url, cookie, 'POST', `/projects/${adder.id}/files/shared.vhd`, '-- written on A');
    const read = await api<{ content: string }>(b.url, cookie, 'GET', `/projects/${adder.id}/files/shared.vhd`);
    expect(read.content).toBe('-- written on A');

    const build = await api<Build>(b.url, cookie, 'POST', `/projects/${adder.id}/builds`);
    // Followed on A while it runs: part of the log first, then all of it.
    const partial = await waitFor(async () => {
      const page = await api<LogPage>(a.url, cookie, 'GET', `/builds/${build.id}/log`);
      return page.total > 0 && !page.complete ? page : undefined;
    }, 'a partial live log on the other gateway');
    const done = await waitFor(
      async () => {
        const page = await api<LogPage>(a.url, cookie, 'GET', `/builds/${build.id}/log`);
        return page.complete ? page : undefined;
      },
      'the whole log on the other gateway',
      30_000,
    );
    expect(done.total).toBeGreaterThan(partial.total);
    expect(done.lines.slice(0, partial.lines.length)).toEqual(partial.lines);
    expect((await api<Build>(a.url, cookie, 'GET', `/builds/${build.id}`)).status).toBe('succeeded');

    // No lost write: files created at once through both gateways are all listed afterwards.
    const before = (await api<unknown[]>(a.url, cookie, 'GET', `/projects/${adder.id}/files`)).length;
    const created = 40;
    const results = await Promise.allSettled(
      Array.from({ length: created }, (_, i) =>
        api((i % 2 ? a : b).url, cookie, 'POST', `/projects/${adder.id}/files/race-${i}.vhd`, `-- ${i}`),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const listed = await api<{ name: string }[]>(b.url, cookie, 'GET', `/projects/${adder.id}/files`);
    expect(listed.length).toBe(before + created);
    for (let i = 0; i < created; i++) expect(listed.map((f) => f.name)).toContain(`race-${i}.vhd`);
  }, 90_000);

  it('a gateway killed mid-build: the other fails that build cleanly and says why; restarted gateways keep every write and sign-in', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const { cookieHeader: cookie } = await signIn(b.url, ADA);
    const adder = (await api<{ id: string; name: string }[]>(a.url, cookie, 'GET', '/projects')).find(
      (p) => p.name === 'Adder',
    )!;
    const build = await api<Build>(a.url, cookie, 'POST', `/projects/${adder.id}/builds`);
    await waitFor(async () => {
      const now = await api<Build>(b.url, cookie, 'GET', `/builds/${build.id}`);
      return now.status === 'running' ? now : undefined;
    }, 'the build to run');
    // Whichever gateway claimed it (the shared queue's owner, "<host>:<pid>:<random>") is killed.
    const me = (await (await fetch(`${b.url}/app/me/`, { headers: { cookie } })).json()) as { sub: string };
    const store = new RedisStateStore({ url: redis.url, prefix: 'replicas:' });
    await store.connect();
    const owner = await store.ownerOf('builds', `user:${me.sub} ${build.id}`);
    await store.close();
    const pid = Number(owner?.split(':')[1]);
    const [running, survivor] = a.gateway.child.pid === pid ? [a, b] : [b, a];
    expect(running.gateway.child.pid).toBe(pid);
    running.gateway.child.kill('SIGKILL');
    await running.gateway.exited;

    const ended = await waitFor(
      async () => {
        const now = await api<Build>(survivor.url, cookie, 'GET', `/builds/${build.id}`);
        return now.status === 'running' || now.status === 'queued' ? undefined : now;
      },
      'the stranded build to end on the surviving gateway',
      20_000,
    );
    expect(ended.status).toBe('failed');
    expect(ended.error).toMatch(
      /^The gateway running this build stopped \(no heartbeat for \d+ s\); the build is not run again$/,
    );
    const log = await api<LogPage>(survivor.url, cookie, 'GET', `/builds/${build.id}/log?limit=100000`);
    expect(log.complete).toBe(true);
    expect(log.lines.at(-1)).toBe(`ERROR: ${ended.error}`);

    // A later build runs to the end on the surviving gateway.
    const next = await api<Build>(survivor.url, cookie, 'POST', `/projects/${adder.id}/builds`);
    await waitFor(
      async () => {
        const now = await api<Build>(survivor.url, cookie, 'GET', `/builds/${next.id}`);
        return now.status === 'succeeded' ? now : undefined;
      },
      'the next build to succeed',
      30_000,
    );

    await api(survivor.url, cookie, 'POST', `/projects/${adder.id}/files/kept.vhd`, '-- kept across restarts');
    // Every gateway down (and Redis restarted too, from its append-only file), then new ones up.
    survivor.gateway.child.kill('SIGTERM');
    await survivor.gateway.exited;
    await redis.stop({ hard: true });
    await redis.restart();
    const [c, d] = await Promise.all([start(), start()]);
    for (const fresh of [c, d]) {
      const file = await api<{ content: string }>(fresh.url, cookie, 'GET', `/projects/${adder.id}/files/kept.vhd`);
      expect(file.content).toBe('-- kept across restarts');
      expect((await api<Build>(fresh.url, cookie, 'GET', `/builds/${build.id}`)).status).toBe('failed');
    }
  }, 120_000);
});
