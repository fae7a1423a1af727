import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, loadConfig, testConfig } from '../../src/config.js';
import { API_COOKIES, isIdentityCookie } from '../../src/proxy/hygiene.js';
import { COOKIE } from '../../src/mock/identity/cookies.js';
import { readBody, requestGateway, startUpstream, type UpstreamServer } from './upstream-server.js';

const BROWSER_COOKIES =
  'app.at=eyJ.access.token; app.rt=refresh-token; app.idt=eyJ.id.token; app.at_exp=1900000000; ' +
  'fusionauth.sso=sso-session; cookieBannerAccepted=true; _ga=tracker';

/** Set-Cookie headers a misbehaving API upstream sends: every identity cookie, plus one of its own. */
const API_SET_COOKIES = [
  'app.at=forged-access; Path=/; HttpOnly',
  'app.rt=forged-refresh; Path=/; HttpOnly',
  'app.idt=forged-id; Path=/',
  'app.at_exp=1; Path=/',
  'fusionauth.sso=forged; Path=/',
  // Nameless cookies: a browser stores them with the whole pair as the value.
  'app.rt',
  '=app.at=forged; Path=/',
  ' = app.idt=forged',
  'api_affinity=node-3; Path=/api; HttpOnly',
];
const AUTH_SET_COOKIES = [
  'app.at=real-access; Path=/; HttpOnly',
  'app.rt=real-refresh; Path=/; HttpOnly',
  'fusionauth.sso=s; Path=/',
];

let api: UpstreamServer;
let auth: UpstreamServer;
const gateways: FastifyInstance[] = [];

async function startGateway(env: Record<string, string> = {}): Promise<string> {
  const app = await buildApp(
    testConfig({
      MODE: 'proxy',
      API_UPSTREAM: api.url,
      AUTH_UPSTREAM: auth.url,
      PUBLIC_URL: 'https://app.example.com',
      ...env,
    }),
  );
  gateways.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

let baseUrl: string;

beforeAll(async () => {
  const answer = (setCookies: string[]) => (_request: unknown, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': setCookies });
    response.end('{}');
  };
  api = await startUpstream(answer(API_SET_COOKIES));
  auth = await startUpstream(answer(AUTH_SET_COOKIES));
  baseUrl = await startGateway();
});

afterAll(async () => {
  await Promise.all(gateways.map((app) => app.close()));
  await api?.close();
  await auth?.close();
});

beforeEach(() => {
  api.seen.length = 0;
  auth.seen.length = 0;
});

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await requestGateway(base, path, { headers });
  await readBody(response);
  return response;
}

describe('proxy mode: cookies', () => {
  it('gives the compile API only the access-token cookie: no refresh or id token, nothing unrelated', async () => {
    await get(baseUrl, '/api/projects', { cookie: BROWSER_COOKIES });
    expect(api.seen[0]?.headers.cookie).toBe('app.at=eyJ.access.token');
  });

  it('sends the compile API no Cookie header at all when the browser has no access token', async () => {
    await get(baseUrl, '/api/projects', { cookie: 'app.rt=refresh-token; cookieBannerAccepted=true' });
    expect(api.seen[0]?.headers).not.toHaveProperty('cookie');
  });

  it('keeps Authorization (API keys) for the compile API', async () => {
    await get(baseUrl, '/api/projects', { authorization: 'Bearer cc_key_123' });
    expect(api.seen[0]?.headers.authorization).toBe('Bearer cc_key_123');
  });

  it('gives the identity provider every cookie it set: refresh, id and its own session cookies', async () => {
    await get(baseUrl, '/app/refresh/', { cookie: BROWSER_COOKIES });
    await get(baseUrl, '/oauth2/authorize?client_id=cc', { cookie: BROWSER_COOKIES });
    expect(auth.seen.map((seen) => seen.headers.cookie)).toEqual([BROWSER_COOKIES, BROWSER_COOKIES]);
  });

  it("drops the compile API's Set-Cookie for identity cookies and keeps its own", async () => {
    const response = await get(baseUrl, '/api/projects');
    expect(response.headers['set-cookie']).toEqual(['api_affinity=node-3; Path=/api; HttpOnly']);
  });

  it("passes the identity provider's Set-Cookie headers untouched", async () => {
    const response = await get(baseUrl, '/app/login/');
    expect(response.headers['set-cookie']).toEqual(AUTH_SET_COOKIES);
  });

  it('treats every cookie the mock identity provider sets as an identity cookie, and lets the API have the access token only', () => {
    for (const name of Object.values(COOKIE)) expect(isIdentityCookie(name), name).toBe(true);
    expect([...API_COOKIES]).toEqual([COOKIE.accessToken]);
  });
});

describe('proxy mode: client address headers (TRUST_PROXY)', () => {
  const spoofed = { 'x-forwarded-for': '203.0.113.7', forwarded: 'for=203.0.113.7', 'x-real-ip': '203.0.113.7' };

  it('off by default: what the client claims is replaced by the address the gateway saw', async () => {
    await get(baseUrl, '/api/projects', spoofed);
    await get(baseUrl, '/app/me/', spoofed);
    for (const seen of [api.seen[0], auth.seen[0]]) {
      expect(seen?.headers).toMatchObject({
        'x-forwarded-for': '127.0.0.1',
        'x-real-ip': '127.0.0.1',
        forwarded: 'for=127.0.0.1;host="app.example.com";proto=https',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'app.example.com',
        'x-forwarded-port': '443',
      });
    }
  });

  it('a hop count trusts that many proxies: the client behind one proxy is named, the chain kept', async () => {
    const trusting = await startGateway({ TRUST_PROXY: '1', PUBLIC_URL: 'http://demo.test:8080' });
    await get(trusting, '/api/projects', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' });
    expect(api.seen[0]?.headers).toMatchObject({
      // One hop trusted: 127.0.0.1 (the proxy) vouches for 203.0.113.7; 198.51.100.1 is that client's own claim.
      'x-forwarded-for': '203.0.113.7, 127.0.0.1',
      'x-real-ip': '203.0.113.7',
      forwarded: 'for=203.0.113.7, for=127.0.0.1;host="demo.test:8080";proto=http',
      'x-forwarded-host': 'demo.test:8080',
      'x-forwarded-port': '8080',
    });
  });

  it('an address list trusts only those proxies', async () => {
    const listed = await startGateway({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    await get(listed, '/api/projects', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7, 10.1.2.3' });
    expect(api.seen[0]?.headers).toMatchObject({
      'x-forwarded-for': '203.0.113.7, 10.1.2.3, 127.0.0.1',
      'x-real-ip': '203.0.113.7',
    });
    const other = await startGateway({ TRUST_PROXY: '10.0.0.0/8' });
    await get(other, '/api/projects', { 'x-forwarded-for': '203.0.113.7' });
    expect(api.seen[1]?.headers).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' });
  });

  it('refuses a TRUST_PROXY that is neither off, a hop count nor addresses', () => {
    for (const value of ['true', 'everyone', '10.0.0.0/40', '1.2.3.4, nope']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(loadConfig({}).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '::1,10.0.0.0/8' }).http.trustProxy).toEqual(['::1', '10.0.0.0/8']);
  });
});
