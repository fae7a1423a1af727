import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';

const CLIENT_ID = 'cloud-compile';

/** Open-redirect and client checks on every endpoint that redirects: a 400 page, never a Location. */
describe('mock identity: redirect allow-list and client id', () => {
  let gateway: RunningGateway;
  let port: number;
  beforeAll(async () => {
    gateway = await startGateway();
    port = Number(new URL(gateway.baseUrl).port);
  });
  afterAll(() => gateway.close());

  const hostileTargets = () => [
    'https://evil.example/',
    'http://evil.example',
    '//evil.example',
    '//evil.example/path',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    `http://localhost:${port}@evil.example`,
    'http://localhost:8080@evil.example/',
    'http://user:pass@localhost:8080/',
    'http://localhost:8080\\@evil.example',
    '/\\evil.example',
    'http:\\\\evil.example',
    'http://localhost:8080.evil.example/',
    'http://localhost:8081/',
    'https://localhost:8080/',
    'ftp://localhost:8080/',
    ' http://localhost:8080/',
    'java\tscript:alert(1)',
    '/relative/path',
  ];

  type Endpoint = { name: string; method: 'GET' | 'POST'; path: string; param: string; body?: string };
  const endpoints: Endpoint[] = [
    { name: 'login page', method: 'GET', path: '/app/login/', param: 'redirect_uri' },
    { name: 'login post', method: 'POST', path: '/app/login/', param: 'redirect_uri', body: 'email=ada%40example.com' },
    { name: 'register page', method: 'GET', path: '/app/register/', param: 'redirect_uri' },
    {
      name: 'register post',
      method: 'POST',
      path: '/app/register/',
      param: 'redirect_uri',
      body: 'email=evil-victim%40example.com&name=Victim',
    },
    { name: 'logout', method: 'GET', path: '/app/logout/', param: 'post_logout_redirect_uri' },
  ];

  async function send(endpoint: Endpoint, query: Record<string, string>) {
    return fetch(`${gateway.baseUrl}${endpoint.path}?${new URLSearchParams(query).toString()}`, {
      method: endpoint.method,
      redirect: 'manual',
      ...(endpoint.body
        ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: endpoint.body }
        : {}),
    });
  }

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: refuses every hostile ${endpoint.param} with a 400 page and no Location`, async () => {
      for (const target of hostileTargets()) {
        const response = await send(endpoint, { client_id: CLIENT_ID, [endpoint.param]: target, state: 's' });
        const html = await response.text();
        expect({ target, status: response.status }).toEqual({ target, status: 400 });
        expect(response.headers.get('location')).toBeNull();
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(html).toContain('<h1>Redirect not allowed</h1>');
        expect(html).not.toContain('<script');
      }
    });

    it(`${endpoint.name}: refuses an unknown, missing or repeated client_id`, async () => {
      const queries: Record<string, string>[] = [{ client_id: 'someone-else' }, {}, { client_id: '' }];
      for (const query of queries) {
        const response = await send(endpoint, query);
        expect(response.status).toBe(400);
        expect(response.headers.get('location')).toBeNull();
        expect(await response.text()).toContain('<h1>Unknown application</h1>');
      }
      const repeated = await fetch(`${gateway.baseUrl}${endpoint.path}?client_id=${CLIENT_ID}&client_id=${CLIENT_ID}`, {
        method: endpoint.method,
        redirect: 'manual',
      });
      expect(repeated.status).toBe(400);
    });
  }

  it('accepts a redirect on the app origin and keeps its own query parameters', async () => {
    const response = await send(endpoints[1]!, {
      client_id: CLIENT_ID,
      redirect_uri: 'http://localhost:8080/some/path?tab=2',
      state: 'xyz',
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/some/path');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      tab: '2',
      state: 'xyz',
      locale: 'en',
      userState: 'Authenticated',
    });
  });

  it('the refused page does not echo a hostile client_id', async () => {
    const response = await send(endpoints[0]!, { client_id: '<img src=x onerror=alert(1)>' });
    expect(await response.text()).not.toContain('<img');
  });

  it('GET /account/ refuses an unknown client_id', async () => {
    const response = await fetch(`${gateway.baseUrl}/account/?client_id=someone-else`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});

describe('mock identity: a configured REDIRECT_URI on another origin', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({ REDIRECT_URI: 'http://localhost:5173/', PUBLIC_URL: 'http://localhost:8080' });
  });
  afterAll(() => gateway.close());

  it('allows both the redirect URI origin and the public origin, nothing else', async () => {
    const target = (redirect: string) =>
      fetch(
        `${gateway.baseUrl}/app/logout/?client_id=${CLIENT_ID}&post_logout_redirect_uri=${encodeURIComponent(redirect)}`,
        { redirect: 'manual' },
      );
    expect((await target('http://localhost:5173/')).status).toBe(302);
    expect((await target('http://localhost:8080/account/')).status).toBe(302);
    expect((await target('http://localhost:5174/')).status).toBe(400);
  });
});
