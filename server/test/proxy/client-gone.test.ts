import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, listen, type RunningGateway } from '../helpers/gateway.js';
import { capturedLogger } from './captured-log.js';
import { closedPort, readBody, requestGateway, signal, startUpstream, type UpstreamServer } from './upstream-server.js';

// A client that hangs up while the compile API is still thinking is not the upstream's fault: nothing
// is logged as an upstream failure, and the upstream connection is free for the next request.

describe('proxy: a client that goes away before the answer', () => {
  const log = capturedLogger('info');
  let upstream: UpstreamServer;
  let gateway: RunningGateway;
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
    gateway = await listen(
      await buildTestApp(
        { MODE: 'proxy', API_UPSTREAM: upstream.url, AUTH_UPSTREAM: `http://127.0.0.1:${await closedPort()}` },
        { loggerInstance: log.loggerInstance },
      ),
    );
  });

  afterAll(async () => {
    await gateway.close();
    await upstream.close();
  });

  for (const path of ['/api/slow', '/api/big']) {
    it(`${path}: no upstream failure is logged, and the next request is answered`, async () => {
      arrived = signal();
      answer = signal();
      const request = http.request(`${gateway.baseUrl}${path}`, { agent: false });
      request.on('error', () => undefined);
      request.end();
      await arrived.promise;
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer.resolve();
      await new Promise((resolve) => setTimeout(resolve, 100));

      const next = await requestGateway(gateway.baseUrl, '/api/projects');
      expect(next.statusCode).toBe(200);
      expect((await readBody(next)).toString()).toBe('[]');
      const failures = log.records().filter((record) => record.level >= 40);
      expect(failures.map((record) => record.msg)).toEqual([]);
    });
  }
});
