import { cp, mkdir, mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGhdl, GHDL_MISSING } from '../../src/mock/builds/select-runner.js';
import { CookieJar, signIn } from '../helpers/sign-in.js';
import { listeningPort, spawnGateway, type GatewayProcess } from '../helpers/spawn-gateway.js';
import { GRACE, writeTestFixtures } from '../helpers/test-fixtures.js';
import { PLATFORM_DIR } from '../fixtures/seed-data.js';
import { lineFeedFlood } from './hostile-designs.js';

// One design must not take the gateway down (issue 31): the line-feed flood built by five accounts,
// three builds each, on a gateway with a 256 MB heap, over real HTTP. The gateway stays up, every
// build ends (failed at an output limit, or refused with 429/503), and another signed-in user's
// requests meanwhile stay fast. Before the fix the gateway died of "JavaScript heap out of memory".

const ACCOUNTS = 5;
const BUILDS_EACH = 3;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const REGISTER = `/app/register/?client_id=cloud-compile&state=st&scope=openid%20offline_access`;

interface Build {
  id: string;
  status: string;
  error: string | null;
  stages: { name: string; status: string }[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

describe.runIf(findGhdl() !== null)('the line-feed flood on a 256 MB heap', () => {
  let fixtures: Awaited<ReturnType<typeof writeTestFixtures>>;
  let gateway: GatewayProcess;
  let base: string;
  /** The gateway's temp directory, with build folders a crashed gateway would have left in it. */
  let tmp: string;
  const leftovers = ['cc-build-4194305.0a1b2c-Xy12Zq', 'cc-build-Ab12Cd'];
  const anotherGateways = `cc-build-${process.pid}.0d0e0f-Kept01`;

  beforeAll(async () => {
    if (!findGhdl()) throw new Error(GHDL_MISSING);
    fixtures = await writeTestFixtures();
    await cp(PLATFORM_DIR, path.join(fixtures.dir, 'platform'), { recursive: true });
    tmp = await mkdtemp(path.join(os.tmpdir(), 'output-flood-'));
    for (const name of [...leftovers, anotherGateways]) await mkdir(path.join(tmp, name, 'src'), { recursive: true });
    // Named before the pid was in the name: left behind once an hour old.
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(path.join(tmp, 'cc-build-Ab12Cd'), hoursAgo, hoursAgo);
    gateway = spawnGateway({
      TMPDIR: tmp,
      NODE_OPTIONS: '--max-old-space-size=256',
      MODE: 'mock',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      FIXTURES_DIR: fixtures.dir,
      MOCK_BUILDS: 'toolchain',
      MOCK_BUILD_CONCURRENCY: '2',
      MOCK_SIGN_IN_RATE_LIMIT: '10000',
    });
    base = `http://127.0.0.1:${await listeningPort(gateway)}`;
  }, 30_000);

  afterAll(async () => {
    if (gateway && gateway.child.exitCode === null) {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
    }
    await fixtures?.remove();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it('the gateway stays up, every build ends, and another user is answered quickly meanwhile', async () => {
    const api = async (jar: CookieJar, method: string, path: string, body?: string, type = 'text/plain') =>
      jar.fetch(`${base}/api${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': type },
        body,
      });
    const flood = lineFeedFlood();
    const accounts = await Promise.all(
      Array.from({ length: ACCOUNTS }, async (_, i) => {
        const jar = new CookieJar();
        const registered = await jar.fetch(`${base}${REGISTER}`, {
          method: 'POST',
          headers: FORM,
          body: new URLSearchParams({ email: `flood${i}@example.com`, name: `Flood ${i}` }).toString(),
        });
        expect(registered.status).toBe(302);
        const created = await api(jar, 'POST', '/projects', JSON.stringify({ name: 'Flood' }), 'application/json');
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: string };
        const file = await api(jar, 'POST', `/projects/${id}/files/${flood.name}`, flood.content);
        expect(file.status).toBeLessThan(300);
        return { jar, project: id };
      }),
    );
    const observer = await signIn(base, GRACE);
    const listProjects = () => fetch(`${base}/api/projects`, { headers: { cookie: observer.cookieHeader } });
    /** Another user's list of projects, one request after another (20 ms apart) until `until` says stop. */
    const watch = async (until: () => boolean) => {
      const latencies: number[] = [];
      while (!until()) {
        const started = performance.now();
        const response = await listProjects();
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        expect(response.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return latencies.sort((a, b) => a - b);
    };
    // The same requests with no build running: what this machine's load alone costs them.
    const quietUntil = performance.now() + 2000;
    const quiet = await watch(() => performance.now() > quietUntil);

    const started = performance.now();
    const queued: { jar: CookieJar; id: string }[] = [];
    const refused: number[] = [];
    for (let round = 0; round < BUILDS_EACH; round++) {
      await Promise.all(
        accounts.map(async ({ jar, project }) => {
          const response = await api(jar, 'POST', `/projects/${project}/builds`);
          if (response.status === 201 || response.status === 200) {
            queued.push({ jar, id: ((await response.json()) as Build).id });
          } else {
            refused.push(response.status);
            await response.arrayBuffer();
          }
        }),
      );
    }
    expect(refused.every((status) => status === 429 || status === 503)).toBe(true);
    // The first call of an operation compiles its validators (openapi-backend: 0.1-0.3 s, once per
    // gateway): made here, before measuring, so the figures are the flood's and not the warm-up's.
    await (await api(queued[0]!.jar, 'GET', `/builds/${queued[0]!.id}`)).arrayBuffer();
    await (await listProjects()).arrayBuffer();

    let building = true;
    const watching = watch(() => !building);

    const ended: Build[] = [];
    for (const { jar, id } of queued) {
      for (;;) {
        const build = (await (await api(jar, 'GET', `/builds/${id}`)).json()) as Build;
        if (build.status !== 'queued' && build.status !== 'running') {
          ended.push(build);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    building = false;
    const sorted = await watching;
    const seconds = (performance.now() - started) / 1000;

    const p95 = percentile(sorted, 0.95);
    const max = sorted.at(-1)!;
    const status = await readFile(`/proc/${gateway.child.pid}/status`, 'utf8').catch(() => '');
    const peak = /VmHWM:\s+(\d+)/.exec(status)?.[1];
    console.warn(
      `line-feed flood: ${ended.length} builds ended, ${refused.length} refused (${refused.join(', ') || 'none'}) ` +
        `in ${seconds.toFixed(1)} s; another user's GET /api/projects: ${sorted.length} requests, ` +
        `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms ` +
        `(no build running: p50 ${percentile(quiet, 0.5).toFixed(1)} ms, p95 ${percentile(quiet, 0.95).toFixed(1)} ms, ` +
        `max ${quiet.at(-1)!.toFixed(1)} ms); ` +
        `gateway peak RSS ${peak ? Math.round(Number(peak) / 1024) : '?'} MiB`,
    );
    expect(gateway.child.exitCode).toBeNull();
    expect(gateway.stderr()).not.toMatch(/heap out of memory/i);
    expect(ended.length + refused.length).toBe(ACCOUNTS * BUILDS_EACH);
    for (const build of ended) {
      expect(build).toMatchObject({ status: 'failed', error: expect.stringMatching(/output limit/) });
      expect(build.stages.filter((stage) => stage.status === 'running')).toEqual([]);
    }
    expect(p95).toBeLessThan(100);
    expect(max).toBeLessThan(500);
  }, 120_000);

  it("build folders crashed gateways left are removed at start; a live gateway's are kept", async () => {
    const names = await readdir(tmp);
    for (const name of leftovers) expect(names).not.toContain(name);
    expect(names).toContain(anotherGateways);
    // The builds above removed their own folders once they ended.
    expect(names.filter((name) => name.startsWith(`cc-build-${gateway.child.pid}.`))).toEqual([]);
  });
});
