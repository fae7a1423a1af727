import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { readBody, requestGateway, startUpstream, type UpstreamServer } from './upstream-server.js';

/**
 * Proxy mode: a cookie-authenticated /api write another site's page made the browser send is
 * refused by the gateway (403 {"detail"}) and never reaches the compile API, which trusts app.at.
 * The app's own requests, clients without browser headers and Bearer API keys pass.
 */
const PUBLIC_URL = 'https://app.example.com';
const COOKIE = 'app.at=eyJ.access.token';

let api: UpstreamServer;
let auth: UpstreamServer;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  const ok = (_request: unknown, response: ServerResponse) => {
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end('{"id":"p1"}');
  };
  api = await startUpstream(ok);
  auth = await startUpstream(ok);
  app = await buildApp(testConfig({ MODE: 'proxy', API_UPSTREAM: api.url, AUTH_UPSTREAM: auth.url, PUBLIC_URL }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await app?.close();
  await api?.close();
  await auth?.close();
});

beforeEach(() => {
  api.seen.length = 0;
});

async function send(method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await requestGateway(baseUrl, path, { method, headers, body });
  return { status: response.statusCode ?? 0, text: (await readBody(response)).toString('utf8') };
}

describe('proxy mode: forged cross-site writes', () => {
  it('a text/plain POST from https://evil.example with the cookie is 403 {"detail"} and the compile API sees nothing', async () => {
    const response = await send(
      'POST',
      '/api/projects/p1/files/x.v',
      { cookie: COOKIE, origin: 'https://evil.example', 'content-type': 'text/plain' },
      'module evil; endmodule',
    );
    expect(response.status).toBe(403);
    expect((JSON.parse(response.text) as { detail: string }).detail).toMatch(/Origin: https:\/\/evil\.example/);
    expect(api.seen).toEqual([]);
  });

  it('Sec-Fetch-Site: cross-site is refused for every unsafe method, and none reaches upstream', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await send(method, '/api/projects/p1', { cookie: COOKIE, 'sec-fetch-site': 'cross-site' });
      expect(response.status, method).toBe(403);
    }
    expect(api.seen).toEqual([]);
  });

  it('the app’s own writes (same-origin), clients without browser headers and Bearer keys reach the compile API', async () => {
    const allowed: Record<string, string>[] = [
      { cookie: COOKIE, origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      { cookie: COOKIE },
      { authorization: 'Bearer cc_key', origin: 'https://evil.example' },
    ];
    for (const headers of allowed) {
      const response = await send(
        'POST',
        '/api/projects',
        { ...headers, 'content-type': 'application/json' },
        '{"name":"A"}',
      );
      expect(response.status, JSON.stringify(headers)).toBe(201);
    }
    expect(api.seen.map((seen) => seen.method)).toEqual(['POST', 'POST', 'POST']);
  });

  it('reads stay open cross-site: a GET changes nothing', async () => {
    expect((await send('GET', '/api/projects', { cookie: COOKIE, origin: 'https://evil.example' })).status).toBe(201);
    expect(api.seen).toHaveLength(1);
  });
});
