import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { capturedLogger } from './captured-log.js';
import { closedPort, readBody, requestGateway, signal, startUpstream, type UpstreamServer } from './upstream-server.js';

// A client that hangs up while the compile API is still thinking is not the upstream's fault: nothing
// is logged as an upstream failure, and the upstream connection is free for the next request.

describe('proxy: a client that goes away before the answer', () => {
  const log = capturedLogger('info');
  let upstream: UpstreamServer;
  let gateway: FastifyInstance;
  let baseUrl: string;
  let arrived = signal();
  let answer = signal();

  beforeAll(async () => {
    upstream = await startUpstream((request, response) => {
      if (request.url === '/api/projects') {
        response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        return;
      }
      arrived.resolve();
      void answer.promise.then(() => {
        const big = request.url === '/api/big';
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(big ? `[${'1,'.repeat(200_000)}1]` : '{"slow":true}');
      });
    });
    gateway = await buildApp(
      testConfig({
        MODE: 'proxy',
        API_UPSTREAM: upstream.url,
        AUTH_UPSTREAM: `http://127.0.0.1:${await closedPort()}`,
      }),
      { loggerInstance: log.loggerInstance },
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    const address = gateway.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  for (const path of ['/api/slow', '/api/big']) {
    it(`${path}: no upstream failure is logged, and the next request is answered`, async () => {
      arrived = signal();
      answer = signal();
      const request = http.request(`${baseUrl}${path}`, { agent: false });
      request.on('error', () => undefined);
      request.end();
      await arrived.promise;
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer.resolve();
      await new Promise((resolve) => setTimeout(resolve, 100));

      const next = await requestGateway(baseUrl, '/api/projects');
      expect(next.statusCode).toBe(200);
      expect((await readBody(next)).toString()).toBe('[]');
      const failures = log.records().filter((record) => record.level >= 40);
      expect(failures.map((record) => record.msg)).toEqual([]);
    });
  }
});
