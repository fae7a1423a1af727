import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig, testConfig } from '../../src/config.js';
import { watchedConnection } from '../helpers/tcp.js';
import { closedPort } from '../proxy/upstream-server.js';

/**
 * The HTTP server's own limits, against raw sockets: a client that is slow to send its headers or its
 * body, or idles on a kept-alive connection, is cut off within the configured time; connections
 * beyond MAX_CONNECTIONS are refused.
 */
const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 1500;
const KEEP_ALIVE_TIMEOUT_MS = 300;
const MAX_CONNECTIONS = 16;
/** Node checks headers and request timeouts on a timer (a quarter of HEADERS_TIMEOUT_MS here); allow a loaded machine more. */
const SLACK_MS = 1000;
const NODE_KEEP_ALIVE_GRACE_MS = 1000;

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  const nowhere = `http://127.0.0.1:${await closedPort()}`;
  app = await buildApp(
    testConfig({
      MODE: 'proxy',
      API_UPSTREAM: nowhere,
      AUTH_UPSTREAM: nowhere,
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
});

const connect = () => watchedConnection(port);

/** Writes `text` one byte at a time, `everyMs` apart, until the text ends or the socket closes. */
function dribble(socket: net.Socket, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text[at++] ?? '');
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

const within = (limitMs: number) => (elapsed: number) => {
  expect(elapsed).toBeGreaterThanOrEqual(limitMs - 50);
  expect(elapsed).toBeLessThan(limitMs + SLACK_MS);
};

describe('client timeouts and connection limits', () => {
  it('cuts off a client sending its headers byte by byte once HEADERS_TIMEOUT_MS has passed', async () => {
    const connection = await connect();
    dribble(connection.socket, `GET /healthz HTTP/1.1\r\nHost: gateway\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`, 50);
    within(HEADERS_TIMEOUT_MS)(await connection.closed);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client sending its body byte by byte once REQUEST_TIMEOUT_MS has passed', async () => {
    const connection = await connect();
    connection.socket.write(
      'POST /api/projects HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    dribble(connection.socket, '{"name":"' + 'x'.repeat(900), 50);
    within(REQUEST_TIMEOUT_MS)(await connection.closed);
  });

  it('closes a kept-alive connection left idle for KEEP_ALIVE_TIMEOUT_MS', async () => {
    const connection = await connect();
    connection.socket.write('GET /healthz HTTP/1.1\r\nHost: gateway\r\n\r\n');
    const elapsed = await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200/);
    // Node 20 keeps the socket a second beyond keepAliveTimeout, so a client's reuse does not race the close.
    expect(elapsed).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + NODE_KEEP_ALIVE_GRACE_MS + SLACK_MS);
  });

  it('refuses connections beyond MAX_CONNECTIONS, and takes new ones once others have gone', async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => connect()));
    try {
      const extra = await connect();
      extra.socket.write('GET /healthz HTTP/1.1\r\nHost: gateway\r\n\r\n');
      await extra.closed;
      expect(extra.received()).toBe('');
    } finally {
      for (const connection of held) connection.socket.destroy();
    }
    await Promise.all(held.map((connection) => connection.closed));
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });

  it('documents its defaults and refuses a headers timeout longer than the request timeout', () => {
    expect(loadConfig({}).http).toMatchObject({
      trustProxy: false,
      requestTimeoutMs: 300_000,
      headersTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 4096,
      bodyLimitBytes: 8 * 1024 ** 2,
    });
    expect(loadConfig({ MODE: 'proxy', API_UPSTREAM: 'http://a', AUTH_UPSTREAM: 'http://b' }).http.bodyLimitBytes).toBe(
      50 * 1024 ** 2,
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(ConfigError);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer/,
    );
  });
});
