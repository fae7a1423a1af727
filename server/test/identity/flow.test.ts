import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CookieJar, parseSetCookie, type SetCookie } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { storesUnderTest } from '../helpers/stores-under-test.js';
import { MOCK_ISSUER } from '../../src/mock/identity/tokens.js';

const CLIENT_ID = 'cloud-compile';
const APP = 'http://localhost:8080'; // the default PUBLIC_URL / REDIRECT_URI origin
const TTL = 15;

function cookieNamed(cookies: SetCookie[], name: string): SetCookie {
  const cookie = cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no Set-Cookie for ${name} (got ${cookies.map((c) => c.name).join(', ')})`);
  return cookie;
}

/**
 * The sign-in round trip the FusionAuth React SDK makes, over real HTTP against the whole gateway
 * in mock mode, with a cookie jar standing in for the browser.
 */
describe.each(storesUnderTest())('mock identity ($kind store): the full hosted-backend flow', ({ env }) => {
  let gateway: RunningGateway;
  const jar = new CookieJar();
  const url = (path: string) => `${gateway.baseUrl}${path}`;
  const loginQuery = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: `${APP}/`,
    state: 'abc123:/projects',
    scope: 'openid email profile offline_access',
  }).toString();

  beforeAll(async () => {
    gateway = await startGateway({ MOCK_TOKEN_TTL_SECONDS: String(TTL), ...env() });
  });
  afterAll(() => gateway.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  let firstRefreshToken = '';
  let firstSessionAccessToken = '';

  it('GET /app/login/ shows an accessible sign-in page listing the fixture users', async () => {
    const response = await jar.fetch(url(`/app/login/?${loginQuery}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<h1>Sign in<\/h1>/);
    expect(html).not.toMatch(/<script/i);
    for (const label of [
      'Sign in as Ada Lovelace (ada@example.com)',
      'Sign in as Newton Newcomer (new@example.com)',
      'Sign in as Rosalind Revised (revised@example.com)',
      'Sign in as Grace Hopper (grace@example.com)',
    ]) {
      expect(html).toContain(label);
    }
    expect(html).toContain('<label for="email">Email</label>');
    // Both forms post back to the same path with the query string carried through.
    const action = `/app/login/?${loginQuery}`.replaceAll('&', '&amp;');
    expect(html.match(/<form method="post" action="([^"]+)"/g)).toHaveLength(2);
    expect(html).toContain(`action="${action}"`);
    expect(html).toContain(`href="${`/app/register/?${loginQuery}`.replaceAll('&', '&amp;')}"`);
  });

  it('POST /app/login/ sets the FusionAuth cookies and returns to redirect_uri with the state', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await jar.fetch(url(`/app/login/?${loginQuery}`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ada%40example.com',
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${APP}/`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      state: 'abc123:/projects',
      locale: 'en',
      userState: 'Authenticated',
    });

    const set = response.headers.getSetCookie().map(parseSetCookie);
    const at = cookieNamed(set, 'app.at');
    const rt = cookieNamed(set, 'app.rt');
    const idt = cookieNamed(set, 'app.idt');
    const exp = cookieNamed(set, 'app.at_exp');
    for (const cookie of [at, rt, idt, exp]) {
      expect(cookie).toMatchObject({ path: '/', secure: true, sameSite: 'Lax' });
    }
    expect(at.httpOnly).toBe(true);
    expect(rt.httpOnly).toBe(true);
    expect(exp.httpOnly).toBe(false); // the SDK reads it from document.cookie
    expect(idt.httpOnly).toBe(false);
    expect(at.maxAge).toBe(TTL);
    expect(exp.maxAge).toBe(TTL);
    expect(rt.maxAge).toBe(30 * 24 * 3600);
    const expiresAt = Number(exp.value);
    expect(expiresAt).toBeGreaterThanOrEqual(before + TTL);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + TTL);

    // The access token is a signed JWT with the agreed claims.
    const [, payload] = at.value.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      sub: '2f6c1b0e-7a43-4c2e-9d1a-5b8e0c7f4a11',
      email: 'ada@example.com',
      iss: MOCK_ISSUER,
      aud: CLIENT_ID,
      exp: expiresAt,
    });
    expect(claims.sid).toEqual(expect.any(String));
    expect(claims.exp as number).toBe((claims.iat as number) + TTL);
    expect(rt.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, opaque
    firstRefreshToken = rt.value;
    firstSessionAccessToken = at.value;
  });

  it('GET /app/me/ answers the userinfo with the terms fields, never cached', async () => {
    const response = await jar.fetch(url('/app/me/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      sub: '2f6c1b0e-7a43-4c2e-9d1a-5b8e0c7f4a11',
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      preferred_username: 'ada@example.com',
      roles: ['user'],
      tos_state: 'ACCEPTED',
      tos_version: 2,
      tos_accepted_version: 2,
    });
  });

  it('POST /app/refresh/ (as the SDK sends it) rotates the refresh token and issues a working access token', async () => {
    const response = await jar.fetch(url(`/app/refresh/?client_id=${CLIENT_ID}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.status).toBe(200);
    expect(jar.get('app.rt')).toBeDefined();
    expect(jar.get('app.rt')).not.toBe(firstRefreshToken);
    expect(jar.get('app.at')).not.toBe(firstSessionAccessToken);
    expect(jar.get('app.idt')).toBeDefined();
    expect(Number(jar.get('app.at_exp'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + TTL - 1);
    const me = await jar.fetch(url('/app/me/'));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('ada@example.com');
  });

  it('refuses the used refresh token with 400 and leaves the cookies alone; the new one still works', async () => {
    const current = jar.header()!;
    const replay = await fetch(url(`/app/refresh/?client_id=${CLIENT_ID}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: `app.rt=${firstRefreshToken}` },
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ detail: expect.stringMatching(/sign in again/) });
    expect(replay.headers.getSetCookie()).toEqual([]);
    // Reuse does not revoke the family (two tabs racing is normal): the rotated token refreshes.
    const next = await fetch(url(`/app/refresh/?client_id=${CLIENT_ID}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: current },
    });
    expect(next.status).toBe(200);
    jar.store(next);
  });

  it('refuses a refresh with no, an unknown or a foreign-client refresh token', async () => {
    const refresh = (query: string, cookie?: string) =>
      fetch(url(`/app/refresh/${query}`), {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...(cookie ? { cookie } : {}) },
      });
    expect((await refresh(`?client_id=${CLIENT_ID}`)).status).toBe(400);
    expect((await refresh(`?client_id=${CLIENT_ID}`, 'app.rt=not-a-token')).status).toBe(400);
    const wrongClient = await refresh('?client_id=someone-else', jar.header());
    expect(wrongClient.status).toBe(400);
    expect(await wrongClient.json()).toEqual({ detail: 'Unknown client_id' });
    expect((await refresh('', jar.header())).status).toBe(400);
    // None of these spent the jar's refresh token.
    const ok = await jar.fetch(url(`/app/refresh/?client_id=${CLIENT_ID}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(ok.status).toBe(200);
  });

  it('an expired access token makes /app/me/ 401 with a detail', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (TTL + 1) * 1000);
    const response = await jar.fetch(url('/app/me/'));
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ detail: expect.stringMatching(/expired/) });
    vi.useRealTimers();
    // Still within its lifetime a moment later on the real clock: the token itself was fine.
    expect((await jar.fetch(url('/app/me/'))).status).toBe(200);
  });

  it('GET /app/logout/ clears every cookie, ends the session and redirects', async () => {
    const before = jar.header()!;
    const target = `${APP}/signed-out?x=1`;
    const response = await jar.fetch(
      url(`/app/logout/?client_id=${CLIENT_ID}&post_logout_redirect_uri=${encodeURIComponent(target)}`),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(target);
    const cleared = response.headers.getSetCookie().map((h) => (h.split('=')[0] ?? '').trim());
    expect(cleared.sort()).toEqual(['app.at', 'app.at_exp', 'app.idt', 'app.rt']);
    for (const header of response.headers.getSetCookie()) {
      expect(header).toMatch(/Max-Age=0/);
      expect(header).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
      expect(header).toMatch(/Path=\//);
    }
    expect(jar.names()).toEqual([]);
    // The old cookies are dead too: the session ended on the server.
    expect((await fetch(url('/app/me/'), { headers: { cookie: before } })).status).toBe(401);
    const refresh = await fetch(url(`/app/refresh/?client_id=${CLIENT_ID}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: before },
    });
    expect(refresh.status).toBe(400);
  });

  it('GET /app/logout/ without post_logout_redirect_uri returns to the configured redirect URI', async () => {
    const response = await fetch(url(`/app/logout/?client_id=${CLIENT_ID}`), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${APP}/`);
  });

  it('/app/me/ without a cookie is 401', async () => {
    const response = await fetch(url('/app/me/'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });
});
