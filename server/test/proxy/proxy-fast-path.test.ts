import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { capturedLogger } from './captured-log.js';
import { startUpstream, type UpstreamServer } from './upstream-server.js';

/** Headers of the connection, not of the answer. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive']);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** How the answer ended: whole, or cut off (the upstream failed mid-way). */
  ending: 'whole' | 'cut';
}

/** A GET over real HTTP with exactly these headers; a cut-off answer resolves with what came. */
function get(port: number, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: url, headers, agent: false }, (response) => {
      let body = '';
      const answer = (ending: Answer['ending']) =>
        resolve({ status: response.statusCode!, headers: response.headers, body, ending });
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => answer('whole'));
      response.on('error', () => answer('cut'));
    });
    request.on('error', reject);
    request.end();
  });
}

const answerHeaders = (headers: Answer['headers']) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.has(name)));

/** What the upstream answers per path: every kind of answer the exchange treats differently. */
const ANSWERS: Record<string, (request: http.IncomingMessage, response: http.ServerResponse) => void> = {
  '/api/projects': (request, response) => {
    // What it was sent, to compare the request headers each gateway forwards.
    const seen = { ...request.headers };
    delete seen.connection;
    response.writeHead(200, {
      'content-type': 'application/json',
      'set-cookie': ['app.rt=stolen; Path=/', 'theme=dark; Path=/', '=app.at=x'],
      'x-upstream': 'yes',
      // The upstream's own framing policy replaces the gateway's resource CSP.
      'content-security-policy': "default-src 'none'",
    });
    response.end(JSON.stringify({ url: request.url, seen }));
  },
  '/api/untyped': (_request, response) => response.writeHead(200, { 'content-length': '5' }).end('bytes'),
  '/api/chunked': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('first ');
    setTimeout(() => response.end('second'), 20);
  },
  '/api/large': (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(100_000)),
  '/api/nothing': (_request, response) => response.writeHead(204, { 'content-type': 'text/plain' }).end(),
  '/api/unchanged': (_request, response) => response.writeHead(304, { etag: '"v1"' }).end(),
  '/api/missing': (_request, response) =>
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}'),
  '/api/odd-status': (_request, response) => response.writeHead(600).end(),
  // Headers, then the connection drops before any byte of the body.
  '/api/drops-early': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.flushHeaders();
    setTimeout(() => response.socket?.destroy(), 20);
  },
  '/api/drops-midway': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('partial');
    setTimeout(() => response.socket?.destroy(), 20);
  },
  '/app/login': (request, response) => {
    response.writeHead(200, {
      'content-type': 'text/html',
      'set-cookie': ['fusionauth.sso=1; Path=/'],
    });
    response.end(`<p>${request.headers.cookie ?? ''}</p>`);
  },
};

let upstream: UpstreamServer;
/** A gateway whose fast path forwards plain GETs. */
let fast: FastifyInstance;
let fastPort: number;
/** The same gateway reached through Fastify's own request handler, without the fast paths: its routes answer all. */
let routed: FastifyInstance;
let routedPort: number;
/** The URLs that reached Fastify's routing (its onRequest hooks), per gateway. */
const reachedFast: string[] = [];
const reachedRouted: string[] = [];
/** The servers handing requests to Fastify's own handler. */
const routingServers: http.Server[] = [];
const fastLog = capturedLogger('info');
const routedLog = capturedLogger('info');

/** A proxy gateway listening on its own server, or (`routedOnly`) on one that hands every request to Fastify. */
async function gateway(
  routedOnly: boolean,
  seen: string[],
  log: ReturnType<typeof capturedLogger>,
): Promise<[FastifyInstance, number]> {
  const app = await buildApp(testConfig({ MODE: 'proxy', API_UPSTREAM: upstream.url, AUTH_UPSTREAM: upstream.url }), {
    loggerInstance: log.loggerInstance,
  });
  app.addHook('onRequest', async (request) => {
    seen.push(request.url);
  });
  if (!routedOnly) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return [app, (app.server.address() as AddressInfo).port];
  }
  await app.ready();
  const server = http.createServer((request, response) => app.routing(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  routingServers.push(server);
  return [app, (server.address() as AddressInfo).port];
}

beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const answer = ANSWERS[(request.url ?? '').split('?', 1)[0]!];
    if (answer) answer(request, response);
    else response.writeHead(404).end();
  });
  [fast, fastPort] = await gateway(false, reachedFast, fastLog);
  [routed, routedPort] = await gateway(true, reachedRouted, routedLog);
});

afterAll(async () => {
  await fast.close();
  await routed.close();
  for (const server of routingServers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await upstream.close();
});

describe('plain GETs proxied before Fastify routes them', () => {
  it('answer exactly as the routes do: status, every header, the body, what the upstream was sent', async () => {
    const requests: [string, Record<string, string>][] = [
      ['/api/projects', { cookie: 'app.at=token; app.rt=refresh; theme=dark', 'x-forwarded-for': '6.6.6.6' }],
      [
        '/api/projects?page=2&q=a%20b',
        { authorization: 'Bearer cc_key', connection: 'keep-alive, x-drop', 'x-drop': '1' },
      ],
      ['/api/projects', { 'accept-encoding': 'gzip', forwarded: 'for=6.6.6.6', 'x-real-ip': '6.6.6.6' }],
      ['/api/untyped', {}],
      ['/api/chunked', {}],
      ['/api/large', {}],
      ['/api/nothing', {}],
      ['/api/unchanged', { 'if-none-match': '"v1"' }],
      ['/api/missing', {}],
      ['/api/odd-status', {}],
      ['/api/drops-early', {}],
      ['/api/drops-midway', {}],
      ['/app/login?client_id=x', { cookie: 'fusionauth.sso=1; app.rt=refresh' }],
    ];
    reachedFast.length = 0;
    reachedRouted.length = 0;
    for (const [url, headers] of requests) {
      const direct = await get(fastPort, url, headers);
      const viaRoutes = await get(routedPort, url, headers);
      const what = `GET ${url} ${JSON.stringify(headers)}`;
      expect(direct.status, what).toBe(viaRoutes.status);
      expect(answerHeaders(direct.headers), what).toEqual(answerHeaders(viaRoutes.headers));
      expect(direct.body, what).toBe(viaRoutes.body);
      expect(direct.ending, what).toBe(viaRoutes.ending);
    }
    // The answers the comparison covers: the security headers, the filtered cookies, a failure's shape.
    const projects = await get(fastPort, '/api/projects', { cookie: 'app.at=token; app.rt=refresh' });
    expect(projects.headers['x-frame-options']).toBe('DENY');
    expect(projects.headers['strict-transport-security']).toBeDefined();
    expect(projects.headers['set-cookie']).toEqual(['theme=dark; Path=/']);
    const seen = (JSON.parse(projects.body) as { seen: Record<string, string> }).seen;
    expect(seen.cookie).toBe('app.at=token');
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.host).toBe(new URL(upstream.url).host);
    expect((await get(fastPort, '/api/odd-status')).body).toBe(`{"detail":"The compile API could not be reached"}`);
    // A stream that fails before its first byte: the error handler's answer, in the gateway's shape.
    const dropped = await get(fastPort, '/api/drops-early');
    expect([dropped.status, dropped.body]).toEqual([500, '{"detail":"Internal server error"}']);
    // Every request reached the routes of the gateway behind a proxy; none of the other's.
    expect(reachedRouted).toHaveLength(requests.length);
    expect(reachedFast).toEqual([]);
  });

  it('leave to Fastify what they do not forward: other methods, a body, encoded paths, routes of their own', async () => {
    reachedFast.length = 0;
    expect((await get(fastPort, '/api/%2e%2e/admin')).status).toBe(400);
    expect((await get(fastPort, '/api/openapi.json')).status).toBe(200);
    expect((await get(fastPort, '/api/projects', { 'content-length': '0' })).status).toBe(200);
    const head = await new Promise<number>((resolve, reject) =>
      http
        .request({ host: '127.0.0.1', port: fastPort, method: 'HEAD', path: '/api/projects', agent: false }, (r) =>
          resolve(r.statusCode!),
        )
        .on('error', reject)
        .end(),
    );
    expect(head).toBe(200);
    expect(reachedFast).toEqual(['/api/%2e%2e/admin', '/api/openapi.json', '/api/projects', '/api/projects']);
  });

  it('log the lines the routes log: the request line, and the warning of a failed upstream', async () => {
    for (const log of [fastLog, routedLog]) log.lines.length = 0;
    for (const port of [fastPort, routedPort]) {
      await get(port, '/api/projects?token=secret');
      await get(port, '/api/odd-status');
    }
    const lines = (log: ReturnType<typeof capturedLogger>) =>
      log.records().filter((line) => line.msg === 'request completed' || line.level >= 40);
    await expect.poll(() => lines(fastLog).length).toBe(3);
    await expect.poll(() => lines(routedLog).length).toBe(3);
    const [fastLines, routedLines] = [lines(fastLog), lines(routedLog)];
    // Equal but for what differs between any two requests (and an error's stack).
    const comparable = (line: Record<string, unknown>) => ({
      ...line,
      time: 0,
      reqId: 0,
      responseTime: 0,
      req: { ...(line.req as object), remotePort: 0 },
      ...(line.err ? { err: { ...(line.err as object), stack: '' } } : {}),
    });
    for (const [index, line] of fastLines.entries()) {
      const other = routedLines[index]!;
      expect(Object.keys(line)).toEqual(Object.keys(other));
      expect(comparable(line)).toEqual(comparable(other));
    }
    expect(fastLines[0]).toMatchObject({ req: { url: '/api/projects?token=[redacted]' }, res: { statusCode: 200 } });
    expect(fastLines[1]).toMatchObject({
      level: 40,
      upstream: 'compile API',
      msg: 'The compile API could not be reached',
    });
    expect(fastLines[1]!.reqId).toBe(fastLines[2]!.reqId);
  });
});
