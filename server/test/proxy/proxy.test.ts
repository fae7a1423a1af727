import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { writeFakeClientBuild, type FakeClientBuild } from '../foundation/static-dir.js';
import { readBody, requestGateway, signal, startUpstream, type UpstreamServer } from './upstream-server.js';

const PROXY_TIMEOUT_MS = 700;
const PROXY_BODY_TIMEOUT_MS = 900;
const FIVE_MB = 5 * 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Gates the tests open so an upstream can wait for what the client has (or has not) seen. */
let clientSawFirstBytes = signal();
let upstreamSawFirstUploadBytes = signal();
let clientSawFirstEvent = signal();
const download = randomBytes(FIVE_MB);

let api: UpstreamServer;
let auth: UpstreamServer;
let gateway: FastifyInstance;
let baseUrl: string;
let staticBuild: FakeClientBuild;

async function startGateway(env: Record<string, string>): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const app = await buildApp(
    testConfig({
      MODE: 'proxy',
      STATIC_DIR: staticBuild.dir,
      PROXY_TIMEOUT_MS: String(PROXY_TIMEOUT_MS),
      PROXY_BODY_TIMEOUT_MS: String(PROXY_BODY_TIMEOUT_MS),
      ...env,
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('gateway has no TCP address');
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

beforeAll(async () => {
  staticBuild = await writeFakeClientBuild();
  api = await startUpstream((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    switch (url.pathname) {
      case '/api/download': {
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(FIVE_MB) });
        // The rest is sent only once the client holds the first megabyte: a buffering gateway would deadlock.
        response.write(download.subarray(0, 1024 * 1024));
        void clientSawFirstBytes.promise.then(() => response.end(download.subarray(1024 * 1024)));
        return;
      }
      case '/api/upload': {
        const hash = createHash('sha256');
        let length = 0;
        request.on('data', (chunk: Buffer) => {
          if (length === 0) upstreamSawFirstUploadBytes.resolve();
          length += chunk.length;
          hash.update(chunk);
        });
        request.on('end', () => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ length, sha256: hash.digest('hex') }));
        });
        return;
      }
      case '/api/events': {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        response.write('id: 1\nevent: log\ndata: {"line":"stage IP started"}\n\n');
        void clientSawFirstEvent.promise.then(() => {
          response.write('id: 2\nevent: log\ndata: {"line":"stage SYNTHESIS started"}\n\n');
          response.end();
        });
        return;
      }
      default:
        void readBody(request).then((body) => {
          response.writeHead(url.pathname === '/api/projects' && request.method === 'POST' ? 201 : 200, {
            'content-type': 'application/json',
            'x-upstream': 'api',
          });
          response.end(
            JSON.stringify({ upstream: 'api', method: request.method, url: request.url, body: body.toString() }),
          );
        });
    }
  });
  auth = await startUpstream((request, response) => {
    if (request.url?.startsWith('/app/cookies/')) {
      response.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': [
          'app.at=eyJ.access.token; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=3600',
          'app.rt=refresh-token; Path=/; Domain=example.com; Secure; HttpOnly; SameSite=Lax; Expires=Wed, 21 Oct 2037 07:28:00 GMT',
          'app.at_exp=1900000000; Path=/; Secure; SameSite=Lax',
        ],
      });
      response.end('{}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ upstream: 'auth', method: request.method, url: request.url }));
  });
  ({ app: gateway, baseUrl } = await startGateway({
    API_UPSTREAM: api.url,
    AUTH_UPSTREAM: auth.url,
    PUBLIC_URL: 'https://app.example.com',
  }));
});

afterAll(async () => {
  await gateway?.close();
  await api?.close();
  await auth?.close();
  await staticBuild?.remove();
});

beforeEach(() => {
  clientSawFirstBytes = signal();
  upstreamSawFirstUploadBytes = signal();
  clientSawFirstEvent = signal();
  api.seen.length = 0;
  auth.seen.length = 0;
});

describe('proxy mode: /api to API_UPSTREAM', () => {
  it('passes a JSON call through: method, path, query, body, status and headers', async () => {
    const response = await requestGateway(baseUrl, '/api/projects?sort=name', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer key-123' },
      body: JSON.stringify({ name: 'Adder' }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-upstream']).toBe('api');
    expect(JSON.parse((await readBody(response)).toString())).toEqual({
      upstream: 'api',
      method: 'POST',
      url: '/api/projects?sort=name',
      body: '{"name":"Adder"}',
    });
    expect(api.seen[0]?.headers.authorization).toBe('Bearer key-123');
  });

  it('refuses a path that climbs out of /api once decoded: 400 (404 where the router already sees ..), the upstream sees nothing', async () => {
    for (const path of [
      '/api/%2e%2e/admin',
      '/api/..%2fadmin',
      '/api/x/..%5c..%5cadmin',
      // Servlet containers (Tomcat, Jetty: the identity provider's kind) read `..;x` as `..`.
      '/api/..;/admin',
      '/api/%2e%2e;x/admin',
      '/app/..;/admin/user/',
      // Double-encoded, for an upstream that decodes twice; an invalid escape beside it hides nothing.
      '/api/%252e%252e/%252e%252e/internal',
      '/api/x/%252e%252e%255cadmin',
      '/api/%252e%252e/%25zz',
    ]) {
      const response = await requestGateway(baseUrl, path);
      expect([400, 404], path).toContain(response.statusCode);
      expect(JSON.parse((await readBody(response)).toString())).toHaveProperty('detail');
    }
    expect(api.seen).toHaveLength(0);
    expect(auth.seen).toHaveLength(0);
  });

  it('passes on paths that only look odd: a literal % (as %25) in a name, a ; inside a segment, dots in names', async () => {
    for (const path of ['/api/projects/p1/files/100%25done.vhd', '/api/projects/a;b', '/api/projects/p1/files/..vhd']) {
      const response = await requestGateway(baseUrl, path);
      await readBody(response);
      expect(response.statusCode, path).toBe(200);
    }
    expect(api.seen.map((seen) => seen.url)).toEqual([
      '/api/projects/p1/files/100%25done.vhd',
      '/api/projects/a;b',
      '/api/projects/p1/files/..vhd',
    ]);
  });

  it('drops hop-by-hop headers (and those Connection names), sends the upstream its own Host', async () => {
    const response = await requestGateway(baseUrl, '/api/projects', {
      headers: { connection: 'keep-alive, x-hop-secret', 'x-hop-secret': 'not for the upstream', 'x-kept': 'yes' },
    });
    expect(response.statusCode).toBe(200);
    await readBody(response);
    const seen = api.seen[0]?.headers;
    expect(seen?.['x-hop-secret']).toBeUndefined();
    expect(seen?.['x-kept']).toBe('yes');
    expect(seen?.host).toBe(new URL(api.url).host);
  });

  it('streams a 5 MB download: the client reads the first bytes before the upstream has finished', async () => {
    const response = await requestGateway(baseUrl, '/api/download');
    expect(response.statusCode).toBe(200);
    const chunks: Buffer[] = [];
    response.once('data', () => clientSawFirstBytes.resolve());
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => response.on('end', resolve));
    const body = Buffer.concat(chunks);
    expect(body.length).toBe(FIVE_MB);
    expect(sha256(body)).toBe(sha256(download));
  });

  it('streams a 5 MB upload: the upstream reads the first bytes before the client has sent the rest', async () => {
    const upload = randomBytes(FIVE_MB);
    const responsePromise = new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/upload`, {
        method: 'PUT',
        agent: false,
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(FIVE_MB) },
      });
      request.on('response', resolve).on('error', reject);
      request.write(upload.subarray(0, 1024 * 1024));
      void upstreamSawFirstUploadBytes.promise.then(() => request.end(upload.subarray(1024 * 1024)));
    });
    const response = await responsePromise;
    expect(response.statusCode).toBe(200);
    expect(JSON.parse((await readBody(response)).toString())).toEqual({ length: FIVE_MB, sha256: sha256(upload) });
  });

  it('takes an upload sent after Expect: 100-continue (as curl sends a large one), without passing Expect on', async () => {
    // The gateway's own server answers 100 Continue; the upstream gets a plain request (undici refuses Expect).
    const upload = randomBytes(2 * 1024 * 1024);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/upload`, {
        method: 'PUT',
        agent: false,
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(upload.length),
          expect: '100-continue',
        },
      });
      request.on('continue', () => request.end(upload));
      request.on('response', resolve).on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse((await readBody(response)).toString())).toEqual({
      length: upload.length,
      sha256: sha256(upload),
    });
    expect(api.seen[0]?.headers.expect).toBeUndefined();
  });

  it('streams server-sent events: the first event arrives before the upstream sends the second', async () => {
    const response = await requestGateway(baseUrl, '/api/events', {
      headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    // Compression would hold events back in its buffer.
    expect(response.headers['content-encoding']).toBeUndefined();
    response.setEncoding('utf8');
    let received = '';
    const events: string[] = [];
    await new Promise<void>((resolve) => {
      response.on('data', (chunk: string) => {
        received += chunk;
        const complete = received.split('\n\n');
        received = complete.pop() ?? '';
        for (const event of complete) {
          events.push(event);
          if (events.length === 1) clientSawFirstEvent.resolve();
        }
      });
      response.on('end', resolve);
    });
    expect(events).toEqual([
      'id: 1\nevent: log\ndata: {"line":"stage IP started"}',
      'id: 2\nevent: log\ndata: {"line":"stage SYNTHESIS started"}',
    ]);
  });

  it('keeps an upstream base path: API_UPSTREAM=http://host/base sends /api/x to /base/api/x', async () => {
    const based = await startGateway({ API_UPSTREAM: `${api.url}/base`, AUTH_UPSTREAM: auth.url });
    try {
      const response = await requestGateway(based.baseUrl, '/api/projects/7?x=1');
      expect(JSON.parse((await readBody(response)).toString())).toMatchObject({ url: '/base/api/projects/7?x=1' });
    } finally {
      await based.app.close();
    }
  });
});

describe('proxy mode: cookies and forwarded headers', () => {
  it('passes several Set-Cookie headers back untouched', async () => {
    const response = await requestGateway(baseUrl, '/app/cookies/');
    await readBody(response);
    expect(response.headers['set-cookie']).toEqual([
      'app.at=eyJ.access.token; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=3600',
      'app.rt=refresh-token; Path=/; Domain=example.com; Secure; HttpOnly; SameSite=Lax; Expires=Wed, 21 Oct 2037 07:28:00 GMT',
      'app.at_exp=1900000000; Path=/; Secure; SameSite=Lax',
    ]);
  });

  it('passes the request cookies to the identity provider untouched (hygiene.test.ts: what the API gets)', async () => {
    const cookie = 'app.at=eyJ.access.token; app.rt=refresh%20token; cookieBannerAccepted=true';
    await readBody(await requestGateway(baseUrl, '/app/me/', { headers: { cookie } }));
    expect(auth.seen[0]?.headers.cookie).toBe(cookie);
  });

  it('tells the upstream the public origin and the client address in X-Forwarded-*', async () => {
    await readBody(await requestGateway(baseUrl, '/oauth2/authorize?client_id=cc'));
    expect(auth.seen[0]?.headers).toMatchObject({
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'app.example.com',
      'x-forwarded-port': '443',
      'x-forwarded-for': '127.0.0.1',
    });
  });

  it('uses an explicit public port (hygiene.test.ts: the client-address headers and TRUST_PROXY)', async () => {
    const ported = await startGateway({
      API_UPSTREAM: api.url,
      AUTH_UPSTREAM: auth.url,
      PUBLIC_URL: 'http://demo.test:8080',
    });
    try {
      await readBody(await requestGateway(ported.baseUrl, '/api/projects'));
      expect(api.seen[0]?.headers).toMatchObject({
        'x-forwarded-proto': 'http',
        'x-forwarded-host': 'demo.test:8080',
        'x-forwarded-port': '8080',
      });
    } finally {
      await ported.app.close();
    }
  });
});

describe('proxy mode: which upstream answers', () => {
  it.each([
    '/app/me/',
    '/app/login/?client_id=cc&redirect_uri=https%3A%2F%2Fapp.example.com%2F&state=abc',
    '/oauth2/authorize?client_id=cc&response_type=code',
    '/account/?client_id=cc',
    '/password/forgot',
    '/.well-known/openid-configuration',
    '/css/fusionauth-style.css',
  ])('sends the identity path %s to AUTH_UPSTREAM as it is', async (path) => {
    const response = await requestGateway(baseUrl, path);
    expect(JSON.parse((await readBody(response)).toString())).toEqual({ upstream: 'auth', method: 'GET', url: path });
    expect(api.seen).toEqual([]);
  });

  it('sends /api to API_UPSTREAM and keeps config.json, health and the SPA on the gateway', async () => {
    const apiResponse = await requestGateway(baseUrl, '/api/openapi.json');
    expect(JSON.parse((await readBody(apiResponse)).toString())).toMatchObject({
      upstream: 'api',
      url: '/api/openapi.json',
    });
    const config = await requestGateway(baseUrl, '/config.json');
    expect(JSON.parse((await readBody(config)).toString())).toMatchObject({ serverUrl: 'https://app.example.com' });
    expect((await requestGateway(baseUrl, '/readyz')).statusCode).toBe(200);
    const page = await requestGateway(baseUrl, '/', { headers: { accept: 'text/html' } });
    expect((await readBody(page)).toString()).toBe(staticBuild.indexHtml);
    expect(auth.seen).toHaveLength(0);
    expect(api.seen).toHaveLength(1);
  });

  it("gives an API answer a resource's security headers and an identity page a page's", async () => {
    const apiAnswer = await requestGateway(baseUrl, '/api/projects');
    await readBody(apiAnswer);
    expect(apiAnswer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(apiAnswer.headers['x-content-type-options']).toBe('nosniff');
    expect(apiAnswer.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(apiAnswer.headers['x-frame-options']).toBe('DENY');
    const identityPage = await requestGateway(baseUrl, '/app/me/');
    await readBody(identityPage);
    expect(identityPage.headers['content-security-policy']).toContain("script-src 'self'");
    expect(identityPage.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

// Upstream failures (refused, reset, empty reply, garbage, malformed chunking, stalls): fault-catalogue.test.ts.
