import type http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { closedPort, readBody, requestGateway } from './upstream-server.js';

/**
 * Every way an upstream can fail in proxy mode, against a raw TCP upstream that can misbehave below
 * HTTP: each fault answers 502/504 `{"detail"}` (before the response started) or cuts the client's
 * stream (after), and the very next request through the same gateway succeeds.
 */
const PROXY_TIMEOUT_MS = 700;
const PROXY_BODY_TIMEOUT_MS = 900;
/** undici's timeouts run on a 500 ms timer wheel; a loaded machine fires them later still. */
const TIMER_RESOLUTION_MS = 500;

const OK =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{"ok":true}';

/** What the raw upstream does for each path (the request line's target). */
const behaviours: Record<string, (socket: net.Socket) => void> = {
  '/api/ok': (socket) => socket.end(OK),
  '/api/reset-before-answer': (socket) => socket.resetAndDestroy(),
  '/api/empty-reply': (socket) => socket.end(),
  '/api/garbage-then-close': (socket) => socket.end('\u0000\u00ffNOT HTTP AT ALL\r\n\r\n'),
  '/api/stall': () => undefined,
  '/api/reset-mid-body': (socket) => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n');
    socket.write(Buffer.alloc(1000), () => setTimeout(() => socket.resetAndDestroy(), 50));
  },
  '/api/malformed-chunked': (socket) => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n');
    socket.write('5\r\nhello\r\n');
    setTimeout(() => socket.end('ZZ-not-a-chunk-size\r\nrest\r\n0\r\n\r\n'), 50);
  },
  // A head, then the connection closes before any byte of the body.
  '/api/close-before-body': (socket) => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n');
    setTimeout(() => socket.resetAndDestroy(), 50);
  },
  '/api/stall-mid-body': (socket) => {
    socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n');
    socket.write(Buffer.alloc(1000));
  },
};

let upstream: net.Server;
let upstreamUrl: string;
const sockets = new Set<net.Socket>();
let gateway: FastifyInstance;
let baseUrl: string;

async function startGateway(apiUpstream: string): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const app = await buildApp(
    testConfig({
      MODE: 'proxy',
      API_UPSTREAM: apiUpstream,
      AUTH_UPSTREAM: upstreamUrl,
      PROXY_TIMEOUT_MS: String(PROXY_TIMEOUT_MS),
      PROXY_BODY_TIMEOUT_MS: String(PROXY_BODY_TIMEOUT_MS),
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as net.AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

beforeAll(async () => {
  upstream = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket)).on('error', () => undefined);
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      const target = /^[A-Z]+ (\S+) HTTP/.exec(head)?.[1] ?? '';
      (behaviours[target] ?? behaviours['/api/ok'])?.(socket);
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`;
  ({ app: gateway, baseUrl } = await startGateway(upstreamUrl));
});

afterAll(async () => {
  await gateway?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** How a response ended: completely, or cut off before its end. */
function settle(response: http.IncomingMessage): Promise<{ complete: boolean; bytes: number; body: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => {
      const body = Buffer.concat(chunks);
      resolve({ complete: response.complete, bytes: body.length, body: body.toString() });
    };
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

async function expectNextRequestSucceeds(base = baseUrl): Promise<void> {
  const response = await requestGateway(base, '/api/ok');
  expect(response.statusCode).toBe(200);
  expect(JSON.parse((await readBody(response)).toString())).toEqual({ ok: true });
}

describe('proxy mode: upstream fault catalogue', () => {
  it('connection refused: 502 JSON, then the next request succeeds', async () => {
    const down = await startGateway(`http://127.0.0.1:${await closedPort()}`);
    try {
      const response = await requestGateway(down.baseUrl, '/api/projects');
      expect(response.statusCode).toBe(502);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(JSON.parse((await readBody(response)).toString())).toEqual({
        detail: 'The compile API could not be reached',
      });
      // The identity upstream on the same gateway is unaffected.
      expect((await requestGateway(down.baseUrl, '/app/ok')).statusCode).toBe(200);
    } finally {
      await down.app.close();
    }
  });

  it.each([
    ['reset before answering', '/api/reset-before-answer'],
    ['empty reply (closed without a byte)', '/api/empty-reply'],
    ['garbage bytes then close', '/api/garbage-then-close'],
  ])('%s: 502 JSON, then the next request succeeds', async (_name, path) => {
    const response = await requestGateway(baseUrl, path);
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse((await readBody(response)).toString())).toEqual({
      detail: 'The compile API could not be reached',
    });
    await expectNextRequestSucceeds();
  });

  it('a stall before the headers: 504 JSON within PROXY_TIMEOUT_MS, then the next request succeeds', async () => {
    const started = performance.now();
    const response = await requestGateway(baseUrl, '/api/stall');
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(504);
    expect(JSON.parse((await readBody(response)).toString())).toEqual({
      detail: `The compile API did not answer within ${PROXY_TIMEOUT_MS} ms`,
    });
    expect(elapsed).toBeGreaterThanOrEqual(PROXY_TIMEOUT_MS - TIMER_RESOLUTION_MS - 50);
    expect(elapsed).toBeLessThan(PROXY_TIMEOUT_MS + TIMER_RESOLUTION_MS + 500);
    await expectNextRequestSucceeds();
  });

  it('a close after the head, before any byte of the body: 500 {"detail"} as JSON, then the next request succeeds', async () => {
    const response = await requestGateway(baseUrl, '/api/close-before-body');
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse((await readBody(response)).toString())).toEqual({ detail: 'Internal server error' });
    await expectNextRequestSucceeds();
  });

  it.each([
    ['reset in the middle of a body', '/api/reset-mid-body'],
    ['a malformed chunked body', '/api/malformed-chunked'],
  ])('%s: the client stream is cut off, never left hanging, then the next request succeeds', async (_name, path) => {
    const response = await requestGateway(baseUrl, path);
    if (response.statusCode === 502) {
      expect(JSON.parse((await readBody(response)).toString())).toEqual({
        detail: 'The compile API could not be reached',
      });
    } else {
      expect(response.statusCode).toBe(200);
      expect(await settle(response)).toMatchObject({ complete: false });
    }
    await expectNextRequestSucceeds();
  });

  it('a stall inside the body: cut off after PROXY_BODY_TIMEOUT_MS of silence, then the next request succeeds', async () => {
    const started = performance.now();
    const response = await requestGateway(baseUrl, '/api/stall-mid-body');
    expect(await settle(response)).toMatchObject({ complete: false, bytes: 1000 });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(PROXY_BODY_TIMEOUT_MS - TIMER_RESOLUTION_MS - 50);
    expect(elapsed).toBeLessThan(PROXY_BODY_TIMEOUT_MS + TIMER_RESOLUTION_MS + 500);
    await expectNextRequestSucceeds();
  });

  it('after the whole catalogue the gateway is still healthy', async () => {
    expect((await requestGateway(baseUrl, '/readyz')).statusCode).toBe(200);
    await expectNextRequestSucceeds();
  });
});
