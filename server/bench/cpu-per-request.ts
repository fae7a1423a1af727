/**
 * CPU time per request of the gateway beside plain Node serving the same thing, at a fixed offered
 * rate: on a shared machine requests/s follow whatever else runs, while the CPU a process spends on a
 * request (from /proc, over a fixed number of answered requests) barely moves. The working measure
 * behind the throughput goals (throughput.ts): a process answering in R µs of CPU reaches at most
 * 1e6 / R requests/s on one core.
 *
 *   node --import tsx server/bench/cpu-per-request.ts [proxy|static|report]… (all by default)
 *
 * Each pair is measured in alternating rounds (CPU_ROUNDS, 5) at CPU_RATE requests/s (3,000) for
 * CPU_SECONDS (4) with 50 connections (wrk, paced); it prints each side's median µs per request, every
 * round's figure and the ratio, and the load average. Uses the compiled gateway (npm run build:server);
 * CPU_BASELINE_GATEWAY=<another build's server/dist/server.js> adds that gateway to the same rounds (a
 * change's before and after, measured under the same drift of the machine); CPU_NO_BUILD=1 measures
 * server/dist as it is (a hand-edited build: what a part of a request costs, found by taking it out).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from '../src/config.js';
import { measure } from './load-tool.js';
import { type Peer, startNginx, startNode, stopAll } from './peers/start.js';

const ROUNDS = Number(process.env.CPU_ROUNDS ?? 5);
const RATE = Number(process.env.CPU_RATE ?? 3000);
const SECONDS = Number(process.env.CPU_SECONDS ?? 4);
const GATEWAY = path.join(REPO_ROOT, 'server/dist/server.js');
const BASELINE = process.env.CPU_BASELINE_GATEWAY;
const PEERS = path.join(REPO_ROOT, 'server/bench/peers');

interface Side {
  name: string;
  server: Peer;
  path: string;
  headers: Record<string, string>;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function compare(title: string, sides: Side[]): Promise<void> {
  const perSide = sides.map((): number[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, side] of sides.entries()) {
      const measured = await measure(
        `${side.server.url}${side.path}`,
        side.headers,
        { connections: 50, durationS: SECONDS, warmupS: round === 0 ? 2 : 1, rate: RATE },
        { server: side.server.pid! },
      );
      if (measured.errors + measured.non2xx > 0) throw new Error(`${side.name}: ${measured.non2xx} errors`);
      perSide[index]!.push(measured.cpuUs!.server!);
    }
  }
  console.log(`${title} (load average ${os.loadavg()[0]!.toFixed(1)})`);
  const floor = median(perSide[0]!);
  for (const [index, side] of sides.entries()) {
    const us = median(perSide[index]!);
    const rounds = perSide[index]!.map((value) => value.toFixed(0)).join(' / ');
    console.log(`  ${side.name.padEnd(40)} ${us.toFixed(1).padStart(7)} µs  ${(floor / us).toFixed(2)}×  (${rounds})`);
  }
}

async function proxy(work: string, withReport: boolean): Promise<void> {
  const api = path.join(work, 'www/api');
  fs.mkdirSync(api, { recursive: true });
  // About 1 KB of a conforming listProjects, as throughput.ts serves.
  const items = Array.from({ length: 8 }, (_, i) => ({
    id: `p${String(i).padStart(4, '0')}`,
    name: `Project ${i}`,
    created_at: '2025-10-16T01:09:15Z',
    updated_at: '2025-10-16T01:09:15Z',
    latest_build: null,
  }));
  fs.writeFileSync(path.join(api, 'projects'), JSON.stringify(items));
  const upstream = await startNginx(work, 'upstream', { root: path.join(work, 'www') });
  const gatewayEnv = (validate: string) => ({
    MODE: 'proxy',
    API_UPSTREAM: upstream.url,
    AUTH_UPSTREAM: upstream.url,
    VALIDATE: validate,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  });
  const node = await startNode([path.join(PEERS, 'node-undici.mjs')], { UPSTREAM: upstream.url }, '/api/projects');
  const gateway = await startNode([GATEWAY], gatewayEnv('off'), '/readyz');
  const headers = { cookie: 'app.at=bench-token' };
  const sides: Side[] = [
    { name: 'Node http + undici Pool', server: node, path: '/api/projects', headers },
    { name: 'gateway VALIDATE=off', server: gateway, path: '/api/projects', headers },
  ];
  if (BASELINE)
    sides.push({
      name: 'baseline gateway VALIDATE=off',
      server: await startNode([BASELINE], gatewayEnv('off'), '/readyz'),
      path: '/api/projects',
      headers,
    });
  if (withReport)
    sides.push({
      name: 'gateway VALIDATE=report',
      server: await startNode([GATEWAY], gatewayEnv('report'), '/readyz'),
      path: '/api/projects',
      headers,
    });
  await compare(`proxy: GET /api/projects at ${RATE} req/s`, sides);
}

async function staticFiles(): Promise<void> {
  const dist = path.join(REPO_ROOT, 'client/dist');
  const asset = fs.readdirSync(path.join(dist, 'assets')).find((file) => file.endsWith('.js'))!;
  const node = await startNode([path.join(PEERS, 'node-static.mjs')], { ROOT: dist }, '/index.html');
  const gateway = await startNode([GATEWAY], { MODE: 'mock', LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, '/readyz');
  const baseline = BASELINE
    ? await startNode([BASELINE], { MODE: 'mock', LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, '/readyz')
    : undefined;
  for (const [name, url, headers] of [
    ['index.html', '/', { accept: 'text/html' }],
    ['a hashed asset', `/assets/${asset}`, {}],
  ] as const)
    await compare(`static: ${name} at ${RATE} req/s`, [
      { name: 'Node http, from memory', server: node, path: url, headers },
      { name: 'gateway, request log', server: gateway, path: url, headers },
      ...(baseline ? [{ name: 'baseline gateway, request log', server: baseline, path: url, headers }] : []),
    ]);
}

async function main() {
  if (!process.env.CPU_NO_BUILD)
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  const picked = process.argv.slice(2);
  const wanted = (area: string) => picked.length === 0 || picked.includes(area);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloud-compile-cpu-'));
  fs.chmodSync(work, 0o755);
  try {
    if (wanted('proxy') || wanted('report')) await proxy(work, wanted('report'));
    if (wanted('static')) await staticFiles();
  } finally {
    await stopAll();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
