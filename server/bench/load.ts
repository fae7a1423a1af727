/**
 * `npm run bench` (scripts/bench.sh): 1,000 concurrent connections for 30 s against the compiled
 * gateway (as the production image runs it), in mock mode and in proxy mode, two rounds each. Every
 * request must be answered 2xx (no errors, timeouts or other statuses), and the gateway's resident
 * memory must come back near where it started once the load stops, without growing from one round to
 * the next. Prints the figures; exits non-zero when a budget is missed.
 *
 * Each party is its own process, so the figures are the gateway's alone: the gateway, the upstream
 * (proxy mode) and the load generator (wrk when installed: autocannon, a Node process, took several
 * times wrk's CPU per request away from the gateway on the same 2 cores). LOG_LEVEL=warn, so the 2-core machine measures the gateway, not
 * writing a log line per request.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../src/config.js';
import { signIn } from '../test/helpers/sign-in.js';
import { loadRun, loadTool, type Measured } from './load-tool.js';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 1000);
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 30);
const SETTLE_S = 30;
/** Load rounds per mode: memory that keeps growing from one round to the next is a leak. */
const ROUNDS = 2;
/** A request unanswered this long counts as a timeout: the gateway's own default upstream timeout. */
const REQUEST_TIMEOUT_S = 30;
/** After the load, resident memory may stay this much above its start (V8 keeps some heap it grew). */
const RSS_BACK_NEAR_START = { factor: 1.5, slackMb: 64 };
/** …and the last round may leave at most this much more than the first did. */
const RSS_GROWTH_PER_ROUND_MB = 16;

interface Started {
  child: ChildProcess;
  port: number;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `node args` (its output discarded) and resolves once GET readyPath answers on `port`. */
async function startNode(
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
): Promise<Started> {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited (${child.exitCode}) before it was ready`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok) return { child, port };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`${args.join(' ')} not ready after 30 s`);
}

/** The upstream of proxy mode: a small JSON answer, as a conforming compile API would give for a list. */
const UPSTREAM_SOURCE = `
const http = require('node:http');
const body = JSON.stringify([{ id: 'p1', name: 'Adder', created_at: '2025-10-16T01:09:15Z', updated_at: '2025-10-16T01:09:15Z' }]);
const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 60000;
server.maxConnections = 100000;
// A backlog for 1,000 connections arriving at once (the default, 511, drops SYNs that then wait seconds).
server.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: 4096 });
`;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

interface Row {
  name: string;
  result: Measured;
  rss: { start: number; peak: number; end: number; settled: number };
}

async function measure(name: string, gateway: Started, url: string, headers: Record<string, string>): Promise<Row[]> {
  const pid = gateway.child.pid ?? 0;
  // A short warm-up, so "start" is a gateway that has served requests, not one that has just loaded.
  for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();
  await sleep(1000);
  const rows: Row[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const start = rssMb(pid);
    let peak = start;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
    const result = await loadRun(url, headers, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      timeoutS: REQUEST_TIMEOUT_S,
    });
    clearInterval(sampler);
    const end = rssMb(pid);
    await sleep(SETTLE_S * 1000);
    rows.push({
      name: `${name} #${round}`,
      result,
      rss: { start, peak: Math.max(peak, end), end, settled: rssMb(pid) },
    });
  }
  return rows;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main() {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  const entry = path.join(REPO_ROOT, 'server/dist/server.js');
  const common = { HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_LEVEL: 'warn' };
  const rows: Row[] = [];

  const mockPort = await freePort();
  const mock = await startNode([entry], { ...common, PORT: String(mockPort) }, mockPort, '/readyz');
  try {
    const base = `http://127.0.0.1:${mock.port}`;
    const { cookieHeader } = await signIn(base, 'ada@example.com');
    rows.push(...(await measure('mock: GET /api/projects', mock, `${base}/api/projects`, { cookie: cookieHeader })));
  } finally {
    await stop(mock.child);
  }

  const upstreamPort = await freePort();
  const upstream = await startNode(['-e', UPSTREAM_SOURCE], { PORT: String(upstreamPort) }, upstreamPort, '/');
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const proxyPort = await freePort();
  const proxy = await startNode(
    [entry],
    { ...common, PORT: String(proxyPort), MODE: 'proxy', API_UPSTREAM: upstreamUrl, AUTH_UPSTREAM: upstreamUrl },
    proxyPort,
    '/readyz',
  );
  try {
    const base = `http://127.0.0.1:${proxy.port}`;
    rows.push(
      ...(await measure('proxy: GET /api/projects', proxy, `${base}/api/projects`, { cookie: 'app.at=bench' })),
    );
  } finally {
    await stop(proxy.child);
    await stop(upstream.child);
  }

  console.log(
    `\n${CONNECTIONS} concurrent connections for ${DURATION_S} s per row (${loadTool()}), compiled gateway; load average ${os.loadavg()[0]?.toFixed(1)}; RSS in MB`,
  );
  const header = [
    '',
    'requests',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'errors',
    'timeouts',
    'non-2xx',
    'RSS start',
    'peak',
    'end',
    `+${SETTLE_S}s`,
  ];
  console.log(header.map((cell, i) => (i === 0 ? cell.padEnd(26) : cell.padStart(10))).join(''));
  let failed = false;
  for (const { name, result, rss } of rows) {
    const cells = [
      result.requests,
      result.rps,
      result.p50Us / 1000,
      result.p99Us / 1000,
      result.maxUs / 1000,
      result.errors,
      result.timeouts,
      result.non2xx,
      rss.start,
      rss.peak,
      rss.end,
      rss.settled,
    ];
    console.log(
      name.padEnd(26) + cells.map((v) => (Number.isInteger(v) ? String(v) : v.toFixed(1)).padStart(10)).join(''),
    );
    const unanswered = result.errors + result.non2xx;
    if (unanswered > 0)
      console.log(
        `  FAIL ${name}: ${result.errors} errors (${result.timeouts} of them timeouts), ${result.non2xx} non-2xx`,
      );
    failed ||= unanswered > 0;
  }
  for (const mode of ['mock', 'proxy']) {
    const [first, ...rest] = rows.filter((row) => row.name.startsWith(mode));
    const last = rest.at(-1) ?? first;
    if (!first || !last) continue;
    const budget = Math.max(
      first.rss.start * RSS_BACK_NEAR_START.factor,
      first.rss.start + RSS_BACK_NEAR_START.slackMb,
    );
    const growth = last.rss.settled - first.rss.settled;
    const verdict = last.rss.settled <= budget && growth <= RSS_GROWTH_PER_ROUND_MB ? 'ok' : 'FAIL';
    console.log(
      `  ${verdict} ${mode}: RSS ${first.rss.start.toFixed(1)} MB before, ${last.rss.settled.toFixed(1)} MB ${SETTLE_S} s after the last round ` +
        `(budget ${budget.toFixed(1)}); ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB from round 1 to ${ROUNDS} (budget +${RSS_GROWTH_PER_ROUND_MB})`,
    );
    failed ||= verdict === 'FAIL';
  }
  console.log(
    `budgets: every request answered 2xx within ${REQUEST_TIMEOUT_S} s; RSS ${SETTLE_S} s after the load at most ` +
      `max(${RSS_BACK_NEAR_START.factor}× start, start + ${RSS_BACK_NEAR_START.slackMb} MB), and no growth round over round`,
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
