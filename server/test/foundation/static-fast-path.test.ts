import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { listeningPort, spawnGateway } from '../helpers/spawn-gateway.js';
import { writeFakeClientBuild, type FakeClientBuild } from './static-dir.js';

/** Proxy mode builds in milliseconds; no request here reaches its upstreams. */
const QUICK_TO_BUILD = { MODE: 'proxy', API_UPSTREAM: 'http://127.0.0.1:9', AUTH_UPSTREAM: 'http://127.0.0.1:9' };

/** Headers of the connection, not of the answer (light-my-request, which inject uses, has no connection). */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request over real HTTP with exactly these headers (fetch would add its own Accept-Encoding). */
function overHttp(port: number, method: string, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const withoutConnectionHeaders = (headers: Answer['headers']) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.has(name)));

let build: FakeClientBuild;
/** A gateway whose fast path answers the build's files. */
let app: FastifyInstance;
let port: number;
/** The same gateway behind a trusted proxy, where the fast path is off: Fastify's routes answer all. */
let routedApp: FastifyInstance;
let routedPort: number;
/** The URLs of the requests that reached Fastify's routing (its onRequest hooks), per gateway. */
const reachedFastify: string[] = [];
const reachedRouted: string[] = [];

async function listening(env: Record<string, string>, seen: string[]): Promise<[FastifyInstance, number]> {
  const gateway = await buildApp(testConfig({ ...QUICK_TO_BUILD, STATIC_DIR: build.dir, LOG_LEVEL: 'silent', ...env }));
  gateway.addHook('onRequest', async (request) => {
    seen.push(request.url);
  });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  return [gateway, (gateway.server.address() as AddressInfo).port];
}

beforeAll(async () => {
  build = await writeFakeClientBuild();
  [app, port] = await listening({}, reachedFastify);
  [routedApp, routedPort] = await listening({ TRUST_PROXY: '1' }, reachedRouted);
});

afterAll(async () => {
  await app.close();
  await routedApp.close();
  await build.remove();
});

describe("the build's files answered before Fastify routes them", () => {
  it('answers exactly as the routes do: status, every header, the bytes, for GET and HEAD', async () => {
    const first = await overHttp(routedPort, 'GET', '/assets/app-abc123.js', {});
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    const requests: [string, string, Record<string, string>][] = [];
    for (const url of ['/', '/index.html', '/assets/app-abc123.js', '/assets/style-def456.css', '/favicon.svg'])
      for (const method of ['GET', 'HEAD'])
        for (const headers of <Record<string, string>[]>[
          {},
          { accept: 'text/html' },
          { 'accept-encoding': 'gzip, deflate, br' },
          { 'accept-encoding': 'gzip' },
          { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' },
          { 'accept-encoding': 'identity' },
          { 'if-none-match': etag },
          { 'if-none-match': 'W/"other"' },
          { 'if-modified-since': lastModified },
          { 'if-none-match': etag, 'cache-control': 'no-cache' },
        ])
          requests.push([method, url, headers]);
    reachedFastify.length = 0;
    reachedRouted.length = 0;
    let notModified = 0;
    for (const [method, url, headers] of requests) {
      const direct = await overHttp(port, method, url, headers);
      const routed = await overHttp(routedPort, method, url, headers);
      const what = `${method} ${url} ${JSON.stringify(headers)}`;
      expect(direct.status, what).toBe(routed.status);
      expect(withoutConnectionHeaders(direct.headers), what).toEqual(withoutConnectionHeaders(routed.headers));
      expect(direct.body.equals(routed.body), what).toBe(true);
      if (direct.status === 304) notModified++;
    }
    expect(notModified).toBeGreaterThan(0);
    // Every request reached the routes of the gateway behind a proxy; of the other's, only HEAD (left to Fastify).
    expect(reachedRouted).toHaveLength(requests.length);
    expect(reachedFastify).toHaveLength(requests.filter(([method]) => method === 'HEAD').length);
  });

  it('leaves to Fastify what it does not answer itself: a query, a range, other methods and paths', async () => {
    reachedFastify.length = 0;
    const withQuery = await overHttp(port, 'GET', '/assets/app-abc123.js?v=1', {});
    expect(withQuery.status).toBe(200);
    expect(withQuery.body.toString()).toBe(build.appScript);
    const range = await overHttp(port, 'GET', '/assets/app-abc123.js', { range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe(build.appScript.slice(0, 10));
    expect((await overHttp(port, 'POST', '/index.html', {})).status).toBe(404);
    expect((await overHttp(port, 'GET', '/assets/app-gone99.js', {})).status).toBe(404);
    expect((await overHttp(port, 'GET', '/projects', { accept: 'text/html' })).status).toBe(302);
    expect(reachedFastify).toEqual([
      '/assets/app-abc123.js?v=1',
      '/assets/app-abc123.js',
      '/index.html',
      '/assets/app-gone99.js',
      '/projects',
    ]);
  });

  it("keeps the server Fastify would make: its timeouts from the gateway's configuration", () => {
    const { http: limits } = app.config;
    expect(app.server.requestTimeout).toBe(limits.requestTimeoutMs);
    expect(app.server.headersTimeout).toBe(limits.headersTimeoutMs);
    expect(app.server.keepAliveTimeout).toBe(limits.keepAliveTimeoutMs);
  });

  it('is off behind a trusted proxy: Fastify works out the address and host the log line gives', async () => {
    reachedRouted.length = 0;
    expect((await overHttp(routedPort, 'GET', '/assets/app-abc123.js', {})).status).toBe(200);
    expect(reachedRouted).toEqual(['/assets/app-abc123.js']);
  });
});

describe('its request log line', () => {
  it('is the line Fastify writes, with a request id from the same count as the routed requests', async () => {
    const gateway = spawnGateway({
      ...QUICK_TO_BUILD,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: build.dir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    });
    try {
      const gatewayPort = await listeningPort(gateway);
      await overHttp(gatewayPort, 'GET', '/assets/app-abc123.js', { host: 'app.example.com:8443' });
      await overHttp(gatewayPort, 'GET', '/assets/app-abc123.js?v=1', {});
      await overHttp(gatewayPort, 'GET', '/', { host: '[::1]:8080', accept: 'text/html' });
      const completed = () =>
        gateway
          .stdout()
          .split('\n')
          .filter((line) => line.includes('"request completed"'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      await expect.poll(() => completed().length, { timeout: 5000 }).toBe(3);
      const [direct, routed, page] = completed();
      expect(direct).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/assets/app-abc123.js', host: 'app.example.com', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
      });
      expect(Object.keys(direct!)).toEqual(Object.keys(routed!));
      expect(Object.keys(direct!.req as object)).toEqual(Object.keys(routed!.req as object));
      expect(typeof (direct!.req as { remotePort: unknown }).remotePort).toBe('number');
      expect(typeof direct!.responseTime).toBe('number');
      expect(page).toMatchObject({ req: { method: 'GET', url: '/', host: '[::1]' }, res: { statusCode: 200 } });
      const ids = [direct, routed, page].map((line) => line!.reqId);
      expect(new Set(ids).size).toBe(3);
      expect(ids.every((id) => typeof id === 'string' && /^req-[0-9a-z]+$/.test(id))).toBe(true);
    } finally {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
    }
  }, 30_000);
});
