/**
 * `npm run bench` (scripts/bench.sh): throughput under concurrent load, the gateway next to what one
 * would use instead, every peer measured in the same run on the same machine (ratios matter, not the
 * absolute figures of a shared 2-core box). The goals (issue 33) are against Node's own floor, plain
 * Node serving the same thing, and each run ends with a verdict per goal:
 *
 * - proxy: a 1 KB JSON answer (nginx serving a file) directly, through nginx as a reverse proxy, plain
 *   Node `http` + an undici Pool (1 and 2 cluster workers), bare Fastify + @fastify/http-proxy, and the
 *   compiled gateway (MODE=proxy with every production feature on: CSP, info logging with redaction,
 *   forwarded headers, timeouts) with VALIDATE=off and report, 1 and 2 workers. Goals: the gateway
 *   ≥ 0.85× plain Node's requests/s with p99 ≤ 1.5× its p99; 2 workers ≥ 1.7× one;
 * - mock: Stoplight Prism mocking openapi/openapi.json against the gateway's mock (request validation
 *   always on), on listProjects, buildConfigs and listExamples. Goal: ≥ 5× Prism, p99 < 20 ms;
 * - replicas: the mock's state in Redis, one process and two;
 * - static: the SPA's index.html and a hashed asset from nginx, from plain Node (from memory) and from
 *   the gateway, with and without request logs. Goal: with its log, ≥ 0.6× plain Node.
 *
 * Every row is measured in alternating rounds with the rows it is compared with (rows.ts
 * alternatingRows: all of a table's servers up, each measured in turn, round after round, each row its
 * median round), since the machine's speed drifts by tens of percent within a run. Each table gives the
 * load average at its start and end: a verdict from a busy machine says so.
 *
 * Load: wrk (1 thread) when installed, else autocannon; BENCH_CONNECTIONS (50) connections for
 * BENCH_DURATION_S (5) seconds per row or round after a BENCH_WARMUP_S (2) warm-up; BENCH_PORTS
 * (`20600-20699`) keeps the servers' ports in a range. Prints one table per area and the verdicts, and
 * writes them to server/bench/results.md. Exits non-zero only when a row could not be measured.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.js';
import { signIn } from '../test/helpers/sign-in.js';
import { loadTool, type Measured } from './load-tool.js';
import { type Peer, startNginx, startNode, startPrism, startRedis, stopAll } from './peers/start.js';
import {
  ALTERNATING_ROUNDS,
  alternatingRows,
  CONNECTIONS,
  cpuPerRequest,
  DURATION_S,
  type Row,
  table,
  verdicts,
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
    const node =
      (peer: string, workers = 1) =>
      () =>
        startNode([path.join(PEERS, peer)], { UPSTREAM: upstream.url, WORKERS: String(workers) }, '/api/projects');
    const gateway = (validate: string, workers: number) => () =>
      startNode([GATEWAY], gatewayEnv(validate, workers), '/readyz');
    // Every row in alternating rounds with all the others (alternatingRows): each ratio compares servers
    // measured under the same drift of the machine, the scaling rows included. The goals are against
    // Node's own floor (plain http + undici), measured here: on 2 cores a featureless Node proxy reaches
    // about a quarter of nginx's throughput, so no Node gateway can be held to nginx's figures.
    const sides: [string, () => Promise<Peer>, Partial<Row>][] = [
      [
        'nginx reverse proxy',
        () => startNginx(work, 'proxy', { proxyTo: upstream.url }),
        { peer: 'upstream directly (nginx, a file)', about: 'a proxy in C, for scale' },
      ],
      [
        'Node http + undici Pool',
        node('node-undici.mjs'),
        { peer: 'nginx reverse proxy', about: "Node's own floor: the gateway's peer" },
      ],
      [
        'Node http + undici Pool, 2 workers',
        node('node-undici.mjs', 2),
        {
          peer: 'Node http + undici Pool',
          about: 'what a second process of Node itself adds on this machine: the ceiling of WORKERS=2',
        },
      ],
      [
        'Fastify + @fastify/http-proxy',
        node('fastify-proxy.mjs'),
        { peer: 'Node http + undici Pool', about: 'a library proxy, no features' },
      ],
      [
        'gateway VALIDATE=off',
        gateway('off', 1),
        { peer: 'Node http + undici Pool', goal: { minRatio: 0.85, maxP99Ratio: 1.5 } },
      ],
      [
        'gateway VALIDATE=report',
        gateway('report', 1),
        { peer: 'gateway VALIDATE=off', about: 'what checking costs at saturation' },
      ],
      ['gateway VALIDATE=off, 2 workers', gateway('off', 2), { peer: 'gateway VALIDATE=off', goal: { minRatio: 1.7 } }],
      [
        'gateway VALIDATE=report, 2 workers',
        gateway('report', 2),
        { peer: 'gateway VALIDATE=report', about: 'scaling' },
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
            watch: { upstream },
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
                    goal: { maxP50AddedMs: 0.3 },
                    compare: 'p50' as const,
                  },
          })),
        ]),
    );
  } finally {
    await upstream.stop();
  }
  for (const [scaled, single] of [
    ['Node http + undici Pool, 2 workers', 'Node http + undici Pool'],
    ['gateway VALIDATE=off, 2 workers', 'gateway VALIDATE=off'],
  ]) {
    const row = rows.find(({ name }) => name === scaled);
    const ceiling = scalingCeiling(rows.find(({ name }) => name === single)?.rounds ?? [], 2);
    if (row && ceiling !== undefined)
      row.note = `ceiling on these ${os.availableParallelism()} cores ${ceiling.toFixed(2)}× (scalingCeiling); ${row.note ?? ''}`;
  }
  return rows;
}

/**
 * How far `workers` processes can scale on this machine, from one process's rounds: it is busy for its
 * own CPU time per request, while the load generator and the upstream share the same cores, so
 * `workers` processes answer at most cores / (the whole exchange's CPU per request) and one answers
 * 1 / (its own): the ratio is cores × own / whole, at most `workers`. Undefined without /proc.
 */
function scalingCeiling(rounds: Measured[], workers: number): number | undefined {
  const { server, upstream, load } = cpuPerRequest(rounds);
  if (!server || upstream === undefined || load === undefined) return undefined;
  return Math.min(workers, (os.availableParallelism() * server) / (server + upstream + load));
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
            extra: { peer: `Prism ${id}`, goal: { minRatio: 5, maxP99Ms: 20 } },
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
                ? { peer: `mock ${id}, ${peer}`, about: peer.startsWith('Redis') ? 'scaling' : 'cost of sharing' }
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
  // Like for like: nginx as Debian configures it (an access log line per request, to a file) and the
  // gateway as deployed (a JSON line per request at info), and both without a request log. In both,
  // plain Node serving the files from memory (a map lookup, four headers, no log): what Node itself
  // reaches on this machine, the floor the gateway's goal is measured against; nginx gives the scale.
  for (const [accessLog, level, nginxLabel, gatewayLabel] of [
    [true, 'info', ', access log', ', request log'],
    [false, 'warn', '', ', no request log'],
  ] as const) {
    await withPeers(
      [
        () => startNginx(work, `static${accessLog ? '-logged' : ''}`, { root: dist, accessLog }),
        () => startNode([path.join(PEERS, 'node-static.mjs')], { ROOT: dist }, '/index.html'),
        () => startNode([GATEWAY], { MODE: 'mock', LOG_LEVEL: level, LOG_FORMAT: 'json' }, '/readyz'),
      ],
      async ([nginx, node, gateway]) => {
        for (const [name, url, headers] of files) {
          const nginxRow = `nginx ${name}${nginxLabel}`;
          const nodeRow = `Node http ${name}, from memory${accessLog ? ' (no log)' : ''}`;
          await alternatingRows(rows, [
            { name: nginxRow, server: nginx, path: url, headers },
            { name: nodeRow, server: node, path: url, headers, extra: { peer: nginxRow, about: "Node's own floor" } },
            {
              name: `gateway ${name}${gatewayLabel}`,
              server: gateway,
              path: url,
              headers,
              extra: accessLog
                ? { peer: nodeRow, goal: { minRatio: 0.6 } }
                : { peer: nodeRow, about: 'without the log' },
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
  const goals: ReturnType<typeof verdicts> = [];
  let busiest = 0;
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
      const loadBefore = os.loadavg()[0]!;
      const rows = await measure();
      // The machine's load with each table: a figure taken on a busy machine says so.
      const loadAfter = os.loadavg()[0]!;
      busiest = Math.max(busiest, loadBefore, loadAfter);
      const loads = `load average ${loadBefore.toFixed(1)} at its start, ${loadAfter.toFixed(1)} at its end`;
      sections.push(table(`${title} (${loads})`, rows));
      goals.push(...verdicts(rows));
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
    `### Verdicts: ${goals.filter(({ met }) => !met).length} of ${goals.length} goals not met`,
    '',
    ...(busiest > os.availableParallelism()
      ? [
          `Taken on a busy machine (load average up to ${busiest.toFixed(1)} on ${os.availableParallelism()} cores): ` +
            'other processes had part of the CPU during the rounds, so these verdicts are not conclusive.',
          '',
        ]
      : []),
    ...goals.map(({ line }) => line),
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
