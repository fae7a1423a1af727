import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/config.js';
import { listenGateway } from '../../src/listen.js';
import { listenOnCopies, type ListenCopies } from '../../src/listen-copies.js';
import { buildTestApp } from '../helpers/gateway.js';
import { connect, refusedConnection } from '../helpers/tcp.js';
import { waitFor } from '../helpers/wait-for.js';

/** Blocks this process's event loop: connections meanwhile complete in the kernel and wait to be accepted. */
function blockEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Opens `count` connections and returns once their connect() calls are made (Node issues them on nextTick). */
async function burst(port: number, count: number): Promise<net.Socket[]> {
  const sockets = Array.from({ length: count }, () => net.connect(port, '127.0.0.1').on('error', () => {}));
  await new Promise((resolve) => process.nextTick(resolve));
  return sockets;
}

/** Counts event-loop turns (one setImmediate per turn) while `running`. */
function turnCounter() {
  const counter = { turn: 0, running: true };
  const tick = () => {
    counter.turn++;
    if (counter.running) setImmediate(tick);
  };
  setImmediate(tick);
  return counter;
}

describe('copies of the listening socket (Node 20 accepts one connection per descriptor per turn)', () => {
  const cleanup: (() => unknown)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function serverWithCopies(
    copies: number,
  ): Promise<{ server: http.Server; port: number; copies: ListenCopies }> {
    const server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 511 }, resolve));
    cleanup.push(() => new Promise((resolve) => server.close(resolve)));
    cleanup.push(() => server.closeAllConnections());
    const listening = await listenOnCopies(server, { copies, backlog: 511 });
    cleanup.push(() => listening.close());
    return { server, port: (server.address() as net.AddressInfo).port, copies: listening };
  }

  it('accepts a burst of 40 waiting connections in one turn, not one per turn', async () => {
    const { server, port, copies } = await serverWithCopies(63);
    expect(copies.descriptors).toBe(64);
    const acceptedAtTurn: number[] = [];
    server.on('connection', () => acceptedAtTurn.push(counter.turn));
    const sockets = await burst(port, 40);
    cleanup.push(() => sockets.forEach((socket) => socket.destroy()));
    blockEventLoop(150);
    const counter = turnCounter();
    cleanup.push(() => (counter.running = false));
    await waitFor(async () => (acceptedAtTurn.length === 40 ? true : undefined), '40 connections accepted', 5000);
    // With the server's descriptor alone this spans 40 turns (libuv/libuv#3696).
    expect(Math.max(...acceptedAtTurn) - Math.min(...acceptedAtTurn)).toBeLessThanOrEqual(1);
  });

  it('serves HTTP on connections any copy accepted, and counts them against maxConnections', async () => {
    const { server, port } = await serverWithCopies(15);
    server.maxConnections = 5;
    const sockets = await burst(port, 12);
    cleanup.push(() => sockets.forEach((socket) => socket.destroy()));
    const closedByServer = sockets.map(
      (socket) => new Promise<boolean>((resolve) => socket.once('close', () => resolve(true))),
    );
    blockEventLoop(150);
    const counter = turnCounter();
    cleanup.push(() => (counter.running = false));
    // The 12 arrive in one turn over several descriptors: only 5 may stay.
    const settled = await Promise.all(closedByServer.map((closed) => Promise.race([closed, delay(1000, false)])));
    expect(settled.filter(Boolean)).toHaveLength(7);
    const open = sockets.filter((_socket, i) => !settled[i]);
    const answers = await Promise.all(open.map((socket) => get(socket)));
    expect(answers.every((answer) => answer.startsWith('HTTP/1.1 200') && answer.endsWith('ok'))).toBe(true);
  });

  it('a helper that does not answer in time: an error to log, and the server goes on accepting alone', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
    cleanup.push(() => new Promise((resolve) => server.close(resolve)));
    // Starting a Node process takes far longer than 1 ms.
    await expect(listenOnCopies(server, { copies: 3, backlog: 511, timeoutMs: 1 })).rejects.toThrow(
      'the helper sent 0 of 3 in 1 ms',
    );
    const port = (server.address() as net.AddressInfo).port;
    expect(await (await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } })).text()).toBe('ok');
  });

  it('closing while the helper makes the copies: it is stopped and no descriptor stays open', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
    const port = (server.address() as net.AddressInfo).port;
    const closing = new AbortController();
    const making = listenOnCopies(server, { copies: 63, backlog: 511, signal: closing.signal });
    closing.abort();
    await expect(making).rejects.toThrow('the server closed before its copies were made');
    await new Promise((resolve) => server.close(resolve));
    // A copy kept open here or in the helper would keep the socket listening.
    expect(await refusedConnection(port, 2000)).toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('the gateway listens on LISTEN_DESCRIPTORS descriptors', () => {
  it('defaults to 64, answers on all of them, and closes every one on close()', async () => {
    expect(testConfig({}).http.listenDescriptors).toBe(64);
    const config = testConfig({ PORT: '0', HOST: '127.0.0.1' });
    const app = await buildTestApp({ PORT: '0', HOST: '127.0.0.1' });
    const copies = await listenGateway(app, config);
    const port = (app.server.address() as net.AddressInfo).port;
    try {
      expect(copies?.descriptors).toBe(64);
      const statuses = await Promise.all(
        Array.from({ length: 100 }, async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      await app.close();
    }
    // A copy left open would still accept.
    await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('refuses a LISTEN_DESCRIPTORS outside 1–1024 at start', () => {
    for (const value of ['0', '1025', 'many']) {
      expect(() => testConfig({ LISTEN_DESCRIPTORS: value })).toThrow(/LISTEN_DESCRIPTORS/);
    }
  });

  it('LISTEN_DESCRIPTORS=1 listens as Node does', async () => {
    const config = testConfig({ PORT: '0', HOST: '127.0.0.1', LISTEN_DESCRIPTORS: '1' });
    const app = await buildTestApp({ PORT: '0', HOST: '127.0.0.1', LISTEN_DESCRIPTORS: '1' });
    try {
      expect(await listenGateway(app, config)).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

/** One request over an open socket; resolves with the whole answer once the server closes it. */
function get(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.once('end', () => resolve(answer));
    socket.once('error', reject);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  });
}
