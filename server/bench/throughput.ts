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
 * Every row is measured in alternating rounds with the rows it is compared with (rows.ts
 * alternatingRows: all of a table's servers up, each measured in turn, round after round, each row its
 * median round), since the machine's speed drifts by tens of percent within a run.
 *
 * Load: wrk (1 thread) when installed, else autocannon; BENCH_CONNECTIONS (50) connections for
 * BENCH_DURATION_S (5) seconds per row or round after a BENCH_WARMUP_S (2) warm-up. Prints one table per
 * area and writes them to server/bench/results.md. Exits non-zero only when a row could not be measured.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.js';
import { signIn } from '../test/helpers/sign-in.js';
import { loadTool } from './load-tool.js';
import { type Peer, startNginx, startNode, startPrism, startRedis, stopAll } from './peers/start.js';
import {
  ALTERNATING_ROUNDS,
  alternatingRows,
  CONNECTIONS,
  DURATION_S,
  type Row,
  table,
  WARMUP_S,
  withPeers,
} from './rows.js';

const RESULTS_FILE = path.join(REPO_ROOT, 'server/bench/results.md');
const GATEWAY = path.join(REPO_ROOT, 'server/dist/server.js');
const PEERS = path.join(REPO_ROOT, 'server/bench/peers');

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

/** The offered rate of the VALIDATE=report latency rows: a quarter or less of what a gateway answers. */
const RATED_RPS = 2_000;

async function proxyArea(work: string): Promise<Row[]> {
  const rows: Row[] = [];
  const api = path.join(work, 'www/api');
  fs.mkdirSync(api, { recursive: true });
  fs.writeFileSync(path.join(api, 'projects'), projectList());
  const cookie = { cookie: 'app.at=bench-token' };
  const upstream = await startNginx(work, 'upstream', { root: path.join(work, 'www') });
  try {
    const gatewayEnv = (validate: string, workers: number) => ({
      MODE: 'proxy',
      API_UPSTREAM: upstream.url,
      AUTH_UPSTREAM: upstream.url,
      VALIDATE: validate,
      WORKERS: String(workers),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    const node = (peer: string) => () =>
      startNode([path.join(PEERS, peer)], { UPSTREAM: upstream.url }, '/api/projects');
    const gateway = (validate: string, workers: number) => () =>
      startNode([GATEWAY], gatewayEnv(validate, workers), '/readyz');
    // Every row in alternating rounds with all the others (alternatingRows): each ratio compares servers
    // measured under the same drift of the machine, the scaling rows included.
    const sides: [string, () => Promise<Peer>, Partial<Row>][] = [
      [
        'nginx reverse proxy',
        () => startNginx(work, 'proxy', { proxyTo: upstream.url }),
        {
          peer: 'upstream directly (nginx, a file)',
        },
      ],
      ['Node http + undici Pool', node('node-undici.mjs'), { peer: 'nginx reverse proxy' }],
      ['Fastify + @fastify/http-proxy', node('fastify-proxy.mjs'), { peer: 'Node http + undici Pool' }],
      [
        'gateway VALIDATE=off',
        gateway('off', 1),
        { peer: 'Node http + undici Pool', goal: '≥ 1.0×, p99 ≤ 2× nginx proxy' },
      ],
      [
        'gateway VALIDATE=report',
        gateway('report', 1),
        { peer: 'gateway VALIDATE=off', goal: 'what checking costs at saturation' },
      ],
      ['gateway VALIDATE=off, 2 workers', gateway('off', 2), { peer: 'gateway VALIDATE=off', goal: 'scaling' }],
      [
        'gateway VALIDATE=report, 2 workers',
        gateway('report', 2),
        { peer: 'gateway VALIDATE=report', goal: 'scaling' },
      ],
    ];
    await withPeers(
      sides.map(([, start]) => start),
      (servers) =>
        alternatingRows(rows, [
          { name: 'upstream directly (nginx, a file)', server: upstream, path: '/api/projects', headers: cookie },
          ...sides.map(([name, , extra], index) => ({
            name,
            server: servers[index]!,
            path: '/api/projects',
            headers: cookie,
            extra,
          })),
          // The latency checking adds to a request: the same two gateways at a rate both answer with
          // room to spare (at saturation p50 is the queue, and follows throughput).
          ...(['off', 'report'] as const).map((validate) => ({
            name: `gateway VALIDATE=${validate} at ${RATED_RPS.toLocaleString('en-US')} req/s`,
            server: servers[sides.findIndex(([name]) => name === `gateway VALIDATE=${validate}`)]!,
            path: '/api/projects',
            headers: cookie,
            rate: RATED_RPS,
            extra:
              validate === 'off'
                ? {}
                : {
                    peer: `gateway VALIDATE=off at ${RATED_RPS.toLocaleString('en-US')} req/s`,
                    goal: 'p50 ≤ off + 0.3 ms',
                    compare: 'p50' as const,
                  },
          })),
        ]),
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
  await withPeers(
    [
      () => startPrism(path.join(REPO_ROOT, 'openapi/openapi.json')),
      () => startNode([GATEWAY], { MODE: 'mock', LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, '/readyz'),
    ],
    async ([prism, mock]) => {
      // Prism checks only that the cookie is there; the mock looks the session up.
      const cookie = mock instanceof Error ? '' : (await signIn(mock.url, 'ada@example.com')).cookieHeader;
      for (const [id, url] of operations) {
        await alternatingRows(rows, [
          { name: `Prism ${id}`, server: prism, path: url, headers: { cookie: 'app.at=bench' } },
          {
            name: `mock ${id}`,
            server: mock,
            path: url,
            headers: { cookie },
            extra: { peer: `Prism ${id}`, goal: '≥ 5×, p99 < 20 ms' },
          },
        ]);
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
    // The three set-ups up at once, each operation measured in alternating rounds across them (alternatingRows).
    await withPeers(
      setups.map(
        ([, env]) =>
          () =>
            startNode([GATEWAY], { MODE: 'mock', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env }, '/readyz'),
      ),
      async (mocks) => {
        const cookies = await Promise.all(
          mocks.map(async (mock) =>
            mock instanceof Error ? '' : (await signIn(mock.url, 'ada@example.com')).cookieHeader,
          ),
        );
        for (const [id, url] of operations) {
          await alternatingRows(
            rows,
            setups.map(([setup, , peer], index) => ({
              name: `mock ${id}, ${setup}`,
              server: mocks[index]!,
              path: url,
              headers: { cookie: cookies[index]! },
              extra: peer
                ? { peer: `mock ${id}, ${peer}`, goal: peer.startsWith('Redis') ? 'scaling' : 'cost of sharing' }
                : {},
            })),
          );
        }
      },
    );
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
  // the gateway as deployed (a JSON line per request at info), and both without a request log. Without
  // logs, plain Node too (the files from memory, a map lookup, four headers): what Node itself reaches
  // on this machine, the ceiling of any gateway built on it.
  for (const [accessLog, level, nginxLabel, gatewayLabel] of [
    [true, 'info', ', access log', ', request log'],
    [false, 'warn', '', ', no request log'],
  ] as const) {
    const plainNode = () => startNode([path.join(PEERS, 'node-static.mjs')], { ROOT: dist }, '/index.html');
    await withPeers(
      [
        () => startNginx(work, `static${accessLog ? '-logged' : ''}`, { root: dist, accessLog }),
        () => startNode([GATEWAY], { MODE: 'mock', LOG_LEVEL: level, LOG_FORMAT: 'json' }, '/readyz'),
        ...(accessLog ? [] : [plainNode]),
      ],
      async ([nginx, gateway, node]) => {
        for (const [name, url, headers] of files) {
          const peer = `nginx ${name}${nginxLabel}`;
          await alternatingRows(rows, [
            { name: peer, server: nginx, path: url, headers },
            ...(node
              ? [{ name: `Node http ${name}, from memory`, server: node, path: url, headers, extra: { peer } }]
              : []),
            {
              name: `gateway ${name}${gatewayLabel}`,
              server: gateway,
              path: url,
              headers,
              extra: { peer, goal: '≥ 0.5×' },
            },
          ]);
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
    `${tool} with ${CONNECTIONS} connections for ${DURATION_S} s per row after ${WARMUP_S} s of warm-up (a "rounds" row: the median of ${ALTERNATING_ROUNDS} such rounds, taken in turn with its peer's, and its ratio the median of the rounds' ratios; a row "at N req/s": each connection paced to offer N requests/s in all, median by p50), load average at start ${os.loadavg()[0]?.toFixed(1)}; ` +
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
