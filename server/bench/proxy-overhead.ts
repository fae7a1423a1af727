/**
 * `npm run bench` (scripts/bench.sh): the latency the gateway adds to a proxied small JSON call,
 * plain (VALIDATE=off) and validating (VALIDATE=report). A local upstream answers a conforming
 * getProject; the same call is timed direct and through each gateway, sequentially over keep-alive.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { quantile } from './quantile.js';

const WARMUP = 300;
const CALLS = 3000;
const PROJECT = JSON.stringify({
  id: 'p1',
  name: 'Adder',
  created_at: '2025-10-16T01:09:15Z',
  updated_at: '2025-10-16T01:09:15Z',
  config: { hardware: 'mokugo', slots: 2, os_version: '4.1.1', target: 'CustomInstrument', interpolation: false },
});

async function startUpstream(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(PROJECT) });
    res.end(PROJECT);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function startGateway(upstream: string, validate: 'off' | 'report') {
  const app = await buildApp(
    testConfig({ MODE: 'proxy', API_UPSTREAM: upstream, AUTH_UPSTREAM: upstream, VALIDATE: validate }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app };
}

const dispatcher = new Agent({ connections: 1, pipelining: 1 });

async function time(base: string): Promise<number[]> {
  const url = `${base}/api/projects/p1`;
  const call = async () => {
    const response = await request(url, { dispatcher });
    if (response.statusCode !== 200) throw new Error(`${url}: HTTP ${response.statusCode}`);
    await response.body.text();
  };
  for (let i = 0; i < WARMUP; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

async function main() {
  const upstream = await startUpstream();
  const plain = await startGateway(upstream.url, 'off');
  const validating = await startGateway(upstream.url, 'report');
  const direct = await time(upstream.url);
  const rows: [string, number[]][] = [
    ['direct to upstream', direct],
    ['gateway VALIDATE=off', await time(plain.url)],
    ['gateway VALIDATE=report', await time(validating.url)],
  ];
  console.log(
    `${CALLS} sequential GET /api/projects/{id} (${PROJECT.length} B JSON) per row, after ${WARMUP} warm-up calls; ms`,
  );
  console.log(
    ['', 'p50', 'p95', 'p99', 'added p50', 'added p95']
      .map((c, i) => (i === 0 ? c.padEnd(26) : c.padStart(10)))
      .join(''),
  );
  for (const [name, samples] of rows) {
    const cells = [
      quantile(samples, 0.5),
      quantile(samples, 0.95),
      quantile(samples, 0.99),
      quantile(samples, 0.5) - quantile(direct, 0.5),
      quantile(samples, 0.95) - quantile(direct, 0.95),
    ];
    console.log(name.padEnd(26) + cells.map((v) => v.toFixed(3).padStart(10)).join(''));
  }
  await validating.app.close();
  await plain.app.close();
  await dispatcher.close();
  upstream.close();
}

void main();
