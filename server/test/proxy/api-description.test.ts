import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { CONTRACT_FILE, testConfig } from '../../src/config.js';
import { capturedLogger } from './captured-log.js';
import { closedPort, startUpstream, type UpstreamServer } from './upstream-server.js';

/**
 * GET /api/openapi.json in proxy mode: the app builds its operations from it, but it is not one of
 * the contract's operations, so a compile API may not serve it. Real upstream servers on 127.0.0.1.
 */
const running: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const server of running.splice(0).reverse()) await server.close();
});

async function proxyTo(apiUpstream: string) {
  const log = capturedLogger('info');
  const app: FastifyInstance = await buildApp(
    testConfig({ MODE: 'proxy', API_UPSTREAM: apiUpstream, AUTH_UPSTREAM: `http://127.0.0.1:${await closedPort()}` }),
    { loggerInstance: log.loggerInstance },
  );
  running.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, log };
}

/** A compile API that follows the contract and nothing more: no /api/openapi.json (FastAPI's 404). */
async function upstreamWithoutDocument(): Promise<UpstreamServer> {
  const upstream = await startUpstream((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/api/projects') return response.end('[]');
    response.writeHead(404).end('{"detail":"Not Found"}');
  });
  running.push(upstream);
  return upstream;
}

describe('proxy mode: the API description', () => {
  it("an upstream without /api/openapi.json: the gateway's own contract, logged once; the rest still proxied", async () => {
    const upstream = await upstreamWithoutDocument();
    const { baseUrl, log } = await proxyTo(upstream.url);
    const contract = JSON.parse(await readFile(CONTRACT_FILE, 'utf8')) as unknown;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${baseUrl}/api/openapi.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(contract);
    }
    expect(upstream.seen.filter((seen) => seen.url === '/api/openapi.json')).toHaveLength(2);
    const told = log.records().filter((record) => /answered 404 to GET \/api\/openapi\.json/.test(record.msg ?? ''));
    expect(told).toHaveLength(1);
    expect(told[0]!.msg).toContain("the gateway's own contract (openapi/openapi.json)");

    const projects = await fetch(`${baseUrl}/api/projects`);
    expect(await projects.json()).toEqual([]);
    const missing = await fetch(`${baseUrl}/api/no-such-operation`);
    expect(missing.status).toBe(404);
  });

  it('an upstream that serves its own document: that one, unchanged', async () => {
    const own = JSON.stringify({ openapi: '3.1.0', info: { title: 'Staging', version: '9' }, paths: {} });
    const upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(own);
    });
    running.push(upstream);
    const { baseUrl } = await proxyTo(upstream.url);
    const response = await fetch(`${baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(own);
  });

  it('the upstream down: a 502 saying so (what the app shows)', async () => {
    const { baseUrl } = await proxyTo(`http://127.0.0.1:${await closedPort()}`);
    const response = await fetch(`${baseUrl}/api/openapi.json`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ detail: 'The compile API could not be reached' });
  });
});
