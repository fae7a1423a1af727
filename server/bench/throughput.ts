/**
 * `npm run bench` (scripts/bench.sh): throughput under concurrent load, the gateway next to what one
 * would use instead, every peer measured in the same run on the same machine (ratios matter, not the
 * absolute figures of a shared 2-core box). Three areas:
 *
 * - proxy: a 1 KB JSON answer (nginx serving a file) directly, through nginx as a reverse proxy, plain
 *   Node `http` + an undici Pool, bare Fastify + @fastify/http-proxy, and the compiled gateway
 *   (MODE=proxy with every production feature on: CSP, info logging with redaction, forwarded headers,
 *   timeouts) with VALIDATE=off and report, 1 and 2 workers;
 * - mock: Stoplight Prism mocking openapi/openapi.json against the gateway's mock (request validation
 *   always on), on listProjects, buildConfigs and listExamples;
 * - static: the SPA's index.html and a hashed asset from nginx and from the gateway.
 *
 * Load: wrk (1 thread) when installed, else autocannon; BENCH_CONNECTIONS (50) connections for
 * BENCH_DURATION_S (5) seconds per row after a BENCH_WARMUP_S (2) warm-up. Prints one table per area and
 * writes them to server/bench/results.md. Exits non-zero only when a row could not be measured.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.js';
import { signIn } from '../test/helpers/sign-in.js';
import { loadTool, measure, type Measured } from './load-tool.js';
import { startNginx, startNode, startPrism, startRedis, stopAll, type Peer } from './peers/start.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const RESULTS_FILE = path.join(REPO_ROOT, 'server/bench/results.md');
const GATEWAY = path.join(REPO_ROOT, 'server/dist/server.js');
const PEERS = path.join(REPO_ROOT, 'server/bench/peers');

interface Row {
  name: string;
  result?: Measured;
  /** The row this one is compared with, and what the ratio should be. */
  peer?: string;
  goal?: string;
  note?: string;
}

/** The upstream's answer: about 1 KB of a conforming listProjects (so VALIDATE=report finds nothing to log). */
function projectList(): string {
  const items = [];
  for (let i = 0; JSON.stringify(items).length < 1000; i++) {
    items.push({
      id: `p${String(i).padStart(4, '0')}`,
      name: `Project ${i}`,
      created_at: '2025-10-16T01:09:15Z',
      updated_at: '2025-10-16T01:09:15Z',
      latest_build: null,
    });
  }
  return JSON.stringify(items);
}

const ms = (us: number) => (us / 1000).toFixed(2);

function table(title: string, rows: Row[]): string {
  const byName = new Map(rows.map((row) => [row.name, row]));
  const lines = [
    `### ${title}`,
    '',
    '| | req/s | p50 ms | p99 ms | errors | vs | ratio | goal |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |',
  ];
  for (const row of rows) {
    const r = row.result;
    const peer = row.peer ? byName.get(row.peer)?.result : undefined;
    const ratio = r && peer ? (r.rps / peer.rps).toFixed(2) + '×' : '';
    const cells = r
      ? [Math.round(r.rps).toLocaleString('en-US'), ms(r.p50Us), ms(r.p99Us), String(r.errors + r.non2xx)]
      : ['—', '—', '—', '—'];
    lines.push(
      `| ${row.name} | ${cells.join(' | ')} | ${row.peer ?? ''} | ${ratio} | ${[row.goal, row.note].filter(Boolean).join('; ')} |`,
    );
  }
  return lines.join('\n');
}

async function row(rows: Row[], name: string, url: string, headers: Record<string, string>, extra: Partial<Row> = {}) {
  try {
    rows.push({
      name,
      result: await measure(url, headers, { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S }),
      ...extra,
    });
  } catch (error) {
    rows.push({ name, ...extra, note: `not measured: ${(error as Error).message}` });
  }
  const last = rows.at(-1)!;
  console.log(
    `  ${name}: ${last.result ? `${Math.round(last.result.rps)} req/s, p99 ${ms(last.result.p99Us)} ms` : last.note}`,
  );
}

/** Rounds of an alternating pair (A B A B A B): each side's figure is its median round. */
const ALTERNATING_ROUNDS = 3;

/**
 * Two servers measured in turn, round after round, each row its median round. On a shared machine the
 * speed drifts by tens of percent within a run (the upstream alone: 49,003 req/s in one run, 32,700 in
 * another), so two rows measured minutes apart compare the machine as much as the servers; rounds in
 * turn expose both to the same drift. Both are started; the idle one takes no CPU.
 */
async function alternatingRows(
  rows: Row[],
  sides: [{ name: string; url: string }, { name: string; url: string; extra: Partial<Row> }],
  headers: Record<string, string>,
): Promise<void> {
  const rounds: Measured[][] = [[], []];
  try {
    for (let round = 0; round < ALTERNATING_ROUNDS; round++) {
      for (const [index, side] of sides.entries()) {
        rounds[index]!.push(
          await measure(side.url, headers, { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S }),
        );
      }
    }
  } catch (error) {
    for (const side of sides) rows.push({ name: side.name, note: `not measured: ${(error as Error).message}` });
    return;
  }
  for (const [index, side] of sides.entries()) {
    const ordered = rounds[index]!.toSorted((a, b) => a.rps - b.rps);
    const result = ordered[Math.floor(ordered.length / 2)]!;
    const all = rounds[index]!.map((r) => Math.round(r.rps).toLocaleString('en-US')).join(' / ');
    rows.push({ name: side.name, result, ...('extra' in side ? side.extra : {}), note: `rounds: ${all} req/s` });
    console.log(`  ${side.name}: rounds ${all} req/s`);
  }
}

/** Runs `body` with `peer` started, then stops it, so idle peers never share the 2 cores with a measured one. */
async function withPeer<T>(start: () => Promise<Peer>, body: (peer: Peer) => Promise<T>): Promise<T> {
  const peer = await start();
  try {
    return await body(peer);
  } finally {
    await peer.stop();
  }
}

async function proxyArea(work: string): Promise<Row[]> {
  const rows: Row[] = [];
  const api = path.join(work, 'www/api');
  fs.mkdirSync(api, { recursive: true });
  fs.writeFileSync(path.join(api, 'projects'), projectList());
  const cookie = { cookie: 'app.at=bench-token' };
  const upstream = await startNginx(work, 'upstream', { root: path.join(work, 'www') });
  try {
    await row(rows, 'upstream directly (nginx, a file)', `${upstream.url}/api/projects`, cookie);
    await withPeer(
      () => startNginx(work, 'proxy', { proxyTo: upstream.url }),
      (peer) =>
        row(rows, 'nginx reverse proxy', `${peer.url}/api/projects`, cookie, {
          peer: 'upstream directly (nginx, a file)',
        }),
    );
    await withPeer(
      () => startNode([path.join(PEERS, 'node-undici.mjs')], { UPSTREAM: upstream.url }, '/api/projects'),
      (peer) =>
        row(rows, 'Node http + undici Pool', `${peer.url}/api/projects`, cookie, { peer: 'nginx reverse proxy' }),
    );
    await withPeer(
      () => startNode([path.join(PEERS, 'fastify-proxy.mjs')], { UPSTREAM: upstream.url }, '/api/projects'),
      (peer) =>
        row(rows, 'Fastify + @fastify/http-proxy', `${peer.url}/api/projects`, cookie, {
          peer: 'Node http + undici Pool',
        }),
    );
    const gatewayEnv = (validate: string, workers: number) => ({
      MODE: 'proxy',
      API_UPSTREAM: upstream.url,
      AUTH_UPSTREAM: upstream.url,
      VALIDATE: validate,
      WORKERS: String(workers),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    const gateways: [string, string, number, Partial<Row>][] = [
      ['gateway VALIDATE=off', 'off', 1, { peer: 'Node http + undici Pool', goal: '≥ 1.0×, p99 ≤ 2× nginx proxy' }],
      ['gateway VALIDATE=report', 'report', 1, { peer: 'gateway VALIDATE=off', goal: 'p50 ≤ off + 0.3 ms' }],
      ['gateway VALIDATE=off, 2 workers', 'off', 2, { peer: 'gateway VALIDATE=off', goal: 'scaling' }],
      ['gateway VALIDATE=report, 2 workers', 'report', 2, { peer: 'gateway VALIDATE=report', goal: 'scaling' }],
    ];
    for (const [name, validate, workers, extra] of gateways) {
      await withPeer(
        () => startNode([GATEWAY], gatewayEnv(validate, workers), '/readyz'),
        (peer) => row(rows, name, `${peer.url}/api/projects`, cookie, extra),
      );
    }
    // The goal's comparison again, in alternating rounds (see alternatingRows).
    await withPeer(
      () => startNode([path.join(PEERS, 'node-undici.mjs')], { UPSTREAM: upstream.url }, '/api/projects'),
      (plain) =>
        withPeer(
          () => startNode([GATEWAY], gatewayEnv('off', 1), '/readyz'),
          (gateway) =>
            alternatingRows(
              rows,
              [
                { name: 'Node http + undici Pool, alternating', url: `${plain.url}/api/projects` },
                {
                  name: 'gateway VALIDATE=off, alternating',
                  url: `${gateway.url}/api/projects`,
                  extra: { peer: 'Node http + undici Pool, alternating', goal: '≥ 1.0×' },
                },
              ],
              cookie,
            ),
        ),
    );
  } finally {
    await upstream.stop();
  }
  return rows;
}

async function mockArea(): Promise<Row[]> {
  const rows: Row[] = [];
  const operations = [
    ['listProjects', '/api/projects'],
    ['buildConfigs', '/api/build-configs'],
    ['listExamples', '/api/examples'],
  ] as const;
  // Prism checks only that the cookie is there; the mock looks the session up.
  await withPeer(
    () => startPrism(path.join(REPO_ROOT, 'openapi/openapi.json')),
    async (prism) => {
      for (const [id, url] of operations)
        await row(rows, `Prism ${id}`, `${prism.url}${url}`, { cookie: 'app.at=bench' });
    },
  ).catch((error: unknown) => {
    for (const [id] of operations)
      rows.push({ name: `Prism ${id}`, note: `not measured: ${(error as Error).message}` });
  });
  await withPeer(
    () => startNode([GATEWAY], { MODE: 'mock', LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, '/readyz'),
    async (mock) => {
      const { cookieHeader } = await signIn(mock.url, 'ada@example.com');
      for (const [id, url] of operations) {
        await row(
          rows,
          `mock ${id}`,
          `${mock.url}${url}`,
          { cookie: cookieHeader },
          {
            peer: `Prism ${id}`,
            goal: '≥ 5×, p99 < 20 ms',
          },
        );
      }
    },
  );
  return rows;
}

/**
 * The mock's read operations with its state in Redis (MOCK_STORE), served by one gateway process
 * and by two (WORKERS=2: two replicas on one port, sharing the store), next to the in-memory store.
 */
async function replicaArea(work: string): Promise<Row[]> {
  const rows: Row[] = [];
  const operations = [
    ['listProjects', '/api/projects'],
    ['buildConfigs', '/api/build-configs'],
  ] as const;
  const redis = await startRedis(work);
  try {
    const setups = [
      ['memory, 1 process', { MOCK_STORE: 'memory' }, undefined],
      ['Redis, 1 process', { MOCK_STORE: redis.storeUrl }, 'memory, 1 process'],
      ['Redis, 2 replicas', { MOCK_STORE: redis.storeUrl, WORKERS: '2' }, 'Redis, 1 process'],
    ] as const;
    for (const [setup, env, peer] of setups) {
      await withPeer(
        () => startNode([GATEWAY], { MODE: 'mock', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env }, '/readyz'),
        async (mock) => {
          const { cookieHeader } = await signIn(mock.url, 'ada@example.com');
          for (const [id, url] of operations) {
            await row(
              rows,
              `mock ${id}, ${setup}`,
              `${mock.url}${url}`,
              { cookie: cookieHeader },
              peer
                ? { peer: `mock ${id}, ${peer}`, goal: peer.startsWith('Redis') ? 'scaling' : 'cost of sharing' }
                : {},
            );
          }
        },
      );
    }
  } finally {
    await redis.stop();
  }
  return rows;
}

async function staticArea(work: string): Promise<Row[]> {
  const rows: Row[] = [];
  const dist = path.join(REPO_ROOT, 'client/dist');
  const asset = fs.existsSync(path.join(dist, 'assets'))
    ? fs.readdirSync(path.join(dist, 'assets')).find((file) => file.endsWith('.js'))
    : undefined;
  if (!fs.existsSync(path.join(dist, 'index.html')) || !asset) {
    return [{ name: 'static', note: 'not measured: no client build (npm run build)' }];
  }
  const files = [
    ['index.html', '/', { accept: 'text/html' }],
    [`assets/${asset.replace(/-[\w-]+\.js$/, '-….js')}`, `/assets/${asset}`, {}],
  ] as const;
  // Like for like: nginx as Debian configures it (an access log line per request, to a file) next to
  // the gateway as deployed (a JSON line per request at info), and both without a request log.
  for (const [accessLog, label] of [
    [true, ', access log'],
    [false, ''],
  ] as const) {
    await withPeer(
      () => startNginx(work, `static${accessLog ? '-logged' : ''}`, { root: dist, accessLog }),
      async (nginx) => {
        for (const [name, url, headers] of files)
          await row(rows, `nginx ${name}${label}`, `${nginx.url}${url}`, headers);
      },
    );
  }
  for (const [level, label, peerLabel] of [
    ['info', ', request log', ', access log'],
    ['warn', ', no request log', ''],
  ] as const) {
    await withPeer(
      () => startNode([GATEWAY], { MODE: 'mock', LOG_LEVEL: level, LOG_FORMAT: 'json' }, '/readyz'),
      async (gateway) => {
        for (const [name, url, headers] of files) {
          await row(rows, `gateway ${name}${label}`, `${gateway.url}${url}`, headers, {
            peer: `nginx ${name}${peerLabel}`,
            goal: '≥ 0.5×',
          });
        }
      },
    );
  }
  return rows;
}

async function main() {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-compile-bench-'));
  // nginx's workers run as an unprivileged user: they must be able to read what is served from here.
  fs.chmodSync(work, 0o755);
  const tool = loadTool();
  const heading =
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
    `${tool} with ${CONNECTIONS} connections for ${DURATION_S} s per row after ${WARMUP_S} s of warm-up, load average at start ${os.loadavg()[0]?.toFixed(1)}; ` +
    `load generator and server share the machine`;
  console.log(heading);
  const sections: string[] = [];
  const picked = process.env.BENCH_AREAS?.split(',');
  try {
    // BENCH_AREAS=proxy,mock,replicas,static picks some (the results file is then left as it is).
    const areas: [string, string, () => Promise<Row[]>][] = [
      ['proxy', 'Proxy: GET /api/projects, a 1 KB JSON upstream answer', () => proxyArea(work)],
      ['mock', 'Mock: the same cookie on every request, request validation on', mockArea],
      ['replicas', 'Mock replicas: one state in Redis, one process vs two (WORKERS=2)', () => replicaArea(work)],
      ['static', 'Static: the SPA through the gateway and from nginx', () => staticArea(work)],
    ];
    for (const [name, title, measure] of areas) {
      if (picked && !picked.includes(name)) continue;
      console.log(`${name}:`);
      sections.push(table(title, await measure()));
    }
  } finally {
    await stopAll();
    fs.rmSync(work, { recursive: true, force: true });
  }
  const report = [
    '# Gateway throughput (`npm run bench`, server/bench/throughput.ts)',
    '',
    heading,
    '',
    sections.join('\n\n'),
    '',
  ].join('\n');
  console.log(`\n${report}`);
  if (!picked) {
    // The load test's section (load.ts, pasted from its output) stays below the tables.
    const previous = fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, 'utf8') : '';
    const loadAt = previous.indexOf('\n### Load');
    fs.writeFileSync(RESULTS_FILE, loadAt === -1 ? report : `${report}${previous.slice(loadAt)}`);
    console.log(`written to ${path.relative(REPO_ROOT, RESULTS_FILE)}`);
  }
  if (report.includes('not measured')) process.exitCode = 1;
}

await main();
