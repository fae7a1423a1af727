import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, testConfig } from '../../src/config.js';
import { watchedConnection, type WatchedConnection } from '../helpers/tcp.js';

/**
 * One client address cannot take every connection slot (a security review filled MAX_CONNECTIONS
 * from one machine with half-sent requests, and nobody else got in): beyond its share, its new
 * connections are closed at once, while other clients' are served.
 */
const PER_ADDRESS = 3;

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildApp(testConfig({ MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
});

const connect = () => watchedConnection(port);
const ask = (connection: WatchedConnection) =>
  connection.socket.write('GET /healthz HTTP/1.1\r\nHost: gateway\r\n\r\n');

describe('MAX_CONNECTIONS_PER_ADDRESS', () => {
  it("closes an address's connections beyond its share at once, and takes new ones once its others have gone", async () => {
    // Held open with half a request, as the attack did.
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => connect()));
    for (const connection of held) connection.socket.write('GET /healthz HTTP/1.1\r\n');
    try {
      const extra = await connect();
      ask(extra);
      await extra.closed;
      expect(extra.received()).toBe('');
    } finally {
      for (const connection of held) connection.socket.destroy();
    }
    await Promise.all(held.map((connection) => connection.closed));
    // The count goes down as connections close: the address is served again.
    const again = await Promise.all(Array.from({ length: PER_ADDRESS }, () => connect()));
    for (const connection of again) ask(connection);
    await expect
      .poll(() => again.map((connection) => connection.received().slice(0, 12)))
      .toEqual(Array.from({ length: PER_ADDRESS }, () => 'HTTP/1.1 200'));
    for (const connection of again) connection.socket.destroy();
  });

  it('is on by default only where clients connect straight to the gateway', () => {
    const perAddress = (env: Record<string, string>) => loadConfig(env).http.maxConnectionsPerAddress;
    expect(perAddress({ HOST: '0.0.0.0' })).toBe(256);
    // Behind a proxy every connection comes from the proxy; on loopback only this machine connects.
    expect(perAddress({ HOST: '0.0.0.0', TRUST_PROXY: '1' })).toBe(0);
    expect(perAddress({ HOST: '127.0.0.1' })).toBe(0);
    expect(perAddress({ HOST: '0.0.0.0', MAX_CONNECTIONS_PER_ADDRESS: '0' })).toBe(0);
    expect(perAddress({ HOST: '127.0.0.1', MAX_CONNECTIONS_PER_ADDRESS: '10' })).toBe(10);
  });
});
