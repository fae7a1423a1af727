import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { readBody, requestGateway, startUpstream, type UpstreamServer } from './upstream-server.js';

/** More long-lived streams than reply-from's own pool holds (128 connections per upstream). */
const LONG_STREAMS = 140;
const BODY_LIMIT_BYTES = 64 * 1024;

let api: UpstreamServer;
let gateway: FastifyInstance;
let baseUrl: string;
const openStreams: http.ServerResponse[] = [];
let uploadedBytes = 0;

beforeAll(async () => {
  api = await startUpstream((request, response) => {
    if (request.url === '/api/events') {
      // A build log that stays open: one event, then nothing until the test ends.
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: started\n\n');
      openStreams.push(response);
      return;
    }
    request.on('data', (chunk: Buffer) => (uploadedBytes += chunk.length));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  gateway = await buildApp(
    testConfig({
      MODE: 'proxy',
      API_UPSTREAM: api.url,
      AUTH_UPSTREAM: api.url,
      BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES),
    }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const address = gateway.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  for (const response of openStreams) response.end();
  await gateway?.close();
  await api?.close();
});

describe('proxy mode: long streams do not starve other requests', () => {
  it(`answers a normal request while ${LONG_STREAMS} build-log streams hold their upstream connections`, async () => {
    const streams = await Promise.all(
      Array.from({ length: LONG_STREAMS }, () =>
        requestGateway(baseUrl, '/api/events', { headers: { accept: 'text/event-stream' } }),
      ),
    );
    expect(streams.every((stream) => stream.statusCode === 200)).toBe(true);
    expect(openStreams).toHaveLength(LONG_STREAMS);
    const started = performance.now();
    const response = await Promise.race([
      requestGateway(baseUrl, '/api/projects'),
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('starved: no answer within 3 s')), 3000),
      ),
    ]);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse((await readBody(response)).toString())).toEqual({ ok: true });
    expect(performance.now() - started).toBeLessThan(3000);
    for (const stream of streams) stream.destroy();
  });
});

describe('proxy mode: BODY_LIMIT_BYTES applies to streamed bodies', () => {
  it('refuses a declared Content-Length over the limit with 413 before calling the upstream', async () => {
    const before = api.seen.length;
    const response = await requestGateway(baseUrl, '/api/projects/1/files/big.v', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(BODY_LIMIT_BYTES + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(JSON.parse((await readBody(response)).toString())).toEqual({
      detail: `Request body is larger than ${BODY_LIMIT_BYTES} bytes`,
    });
    expect(api.seen.length).toBe(before);
  });

  it('cuts a chunked body off at the limit: 413, and the upstream never gets the whole of it', async () => {
    uploadedBytes = 0;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${baseUrl}/app/upload`, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/octet-stream' },
      });
      request.on('response', resolve).on('error', reject);
      for (let i = 0; i < 8; i++) request.write(Buffer.alloc(BODY_LIMIT_BYTES / 4, 'a'));
      request.end();
    });
    expect(response.statusCode).toBe(413);
    expect(JSON.parse((await readBody(response)).toString()).detail).toMatch(/larger than 65536 bytes/);
    expect(uploadedBytes).toBeLessThanOrEqual(BODY_LIMIT_BYTES);
  });

  it('passes a body at the limit', async () => {
    const response = await requestGateway(baseUrl, '/api/projects/1/files/ok.v', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(BODY_LIMIT_BYTES),
    });
    expect(response.statusCode).toBe(200);
    await readBody(response);
  });
});
