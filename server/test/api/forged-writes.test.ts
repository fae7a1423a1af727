import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';

/**
 * Cookie-authenticated writes that another site's page makes the browser send are refused (403
 * {"detail"}) over real HTTP, before anything is written: the mock API and the mock identity
 * provider's account, refresh, sign-out and sign-in routes. The app's own requests (same-origin),
 * clients without browser headers (curl, the CLI) and Bearer API keys pass.
 */
const PUBLIC_URL = 'https://app.example.com';
const CLIENT = 'client_id=cloud-compile';

describe('forged cross-site writes are refused', () => {
  let gateway: TestGateway;
  let adaCookie: string;
  let projectId: string;
  const url = (path: string) => `${gateway.baseUrl}${path}`;

  /** A request as a browser sends it for a page: Ada's cookies plus the page's origin headers. */
  const asBrowser = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(url(path), { redirect: 'manual', ...init, headers: { cookie: adaCookie, ...init.headers } });

  const fileNames = async () => {
    const response = await fetch(url(`/api/projects/${projectId}/files`), { headers: { cookie: adaCookie } });
    return ((await response.json()) as { name: string }[]).map((f) => f.name);
  };

  beforeAll(async () => {
    // PUBLIC_URL on a real domain, so a sibling subdomain is a same-site origin.
    ({
      gateway,
      cookie: adaCookie,
      projectId,
    } = await startSignedInGateway(ADA, { PUBLIC_URL }, { redirectUri: `${PUBLIC_URL}/` }));
  });
  afterAll(() => gateway.stop());

  it("the attack of the issue: a text/plain file create from https://evil.example with the victim's cookie is 403, nothing written", async () => {
    const response = await asBrowser(`/api/projects/${projectId}/files/x.v`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: 'module evil; endmodule',
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { detail: string };
    expect(body.detail).toMatch(/Origin: https:\/\/evil\.example/);
    expect(await fileNames()).not.toContain('x.v');
  });

  it('a same-site origin (a sibling subdomain) is refused, with or without Sec-Fetch-Site', async () => {
    const sameSite: Record<string, string>[] = [
      { origin: 'https://attacker.example.com', 'sec-fetch-site': 'same-site' },
      { origin: 'https://attacker.example.com' },
    ];
    for (const headers of sameSite) {
      const response = await asBrowser(`/api/projects/${projectId}/files/sibling.v`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await fileNames()).not.toContain('sibling.v');
  });

  it('Sec-Fetch-Site: cross-site is refused even without an Origin, for every unsafe method', async () => {
    const cross = { 'sec-fetch-site': 'cross-site' };
    const attempts: [string, string, Record<string, string>, string?][] = [
      ['POST', '/api/projects', { 'content-type': 'application/json' }, JSON.stringify({ name: 'Forged' })],
      [
        'PATCH',
        `/api/projects/${projectId}`,
        { 'content-type': 'application/json' },
        JSON.stringify({ name: 'Renamed' }),
      ],
      ['PUT', `/api/projects/${projectId}/files/a.v`, { 'content-type': 'text/plain' }, 'x'],
      ['DELETE', `/api/projects/${projectId}`, {}],
      ['POST', `/api/projects/${projectId}/builds`, {}],
      [
        'POST',
        '/api/api-keys',
        { 'content-type': 'application/json' },
        JSON.stringify({ name: 'k', scopes: ['projects:read'] }),
      ],
      ['POST', '/api/identity/update-terms/2', {}],
    ];
    for (const [method, path, headers, body] of attempts) {
      const response = await asBrowser(path, { method, headers: { ...cross, ...headers }, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/cross-site/);
    }
    const project = await fetch(url(`/api/projects/${projectId}`), { headers: { cookie: adaCookie } });
    expect(project.status).toBe(200);
    expect(((await project.json()) as { name: string }).name).not.toBe('Renamed');
    const keys = await fetch(url('/api/api-keys'), { headers: { cookie: adaCookie } });
    expect(await keys.json()).toEqual([]);
  });

  it("the app's own writes pass: same-origin, an Origin equal to PUBLIC_URL, and clients that send neither header", async () => {
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL },
      { origin: PUBLIC_URL },
      {},
    ];
    for (const [index, headers] of cases.entries()) {
      const response = await asBrowser(`/api/projects/${projectId}/files/legit${index}.v`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: 'module legit; endmodule',
      });
      expect(response.status, JSON.stringify(headers)).toBe(201);
    }
    expect(await fileNames()).toEqual(expect.arrayContaining(['legit0.v', 'legit1.v', 'legit2.v']));
  });

  it('a Bearer API key is not a browser credential: it works whatever the Origin', async () => {
    const created = await asBrowser('/api/api-keys', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ci', scopes: ['projects:write', 'projects:read'] }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    const response = await fetch(url(`/api/projects/${projectId}/files/by-key.v`), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'text/plain',
      },
      body: 'x',
    });
    expect(response.status).toBe(201);
  });

  it('the identity provider: account edits, refresh and sign-out from another site are refused; the session lives on', async () => {
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const account = await asBrowser(`/account/?${CLIENT}`, {
      method: 'POST',
      headers: { ...evil, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Mallory',
    });
    expect(account.status).toBe(403);
    expect(((await account.json()) as { detail: string }).detail).toMatch(/cross-site/);

    const refresh = await asBrowser(`/app/refresh/?${CLIENT}`, { method: 'POST', headers: evil });
    expect(refresh.status).toBe(403);
    expect(refresh.headers.getSetCookie()).toEqual([]);

    // Signing out is a GET navigation: a cross-site link must not end the session.
    const logout = await asBrowser(
      `/app/logout/?${CLIENT}&post_logout_redirect_uri=${encodeURIComponent(`${PUBLIC_URL}/`)}`,
      {
        headers: { 'sec-fetch-site': 'cross-site' },
      },
    );
    expect(logout.status).toBe(403);
    expect(logout.headers.getSetCookie()).toEqual([]);

    const me = await asBrowser('/app/me/');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { name: string }).name).toBe('Ada Lovelace');
  });

  it("the identity provider's own pages keep working: same-origin account edit, sign-out and sign-in form posts", async () => {
    const same = { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' };
    const login = await fetch(
      url(`/app/login/?${CLIENT}&redirect_uri=${encodeURIComponent(`${PUBLIC_URL}/`)}&scope=openid%20offline_access`),
      {
        method: 'POST',
        headers: { ...same, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=grace%40example.com',
        redirect: 'manual',
      },
    );
    expect(login.status).toBe(302);
    const grace = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const account = await fetch(url(`/account/?${CLIENT}`), {
      method: 'POST',
      headers: { ...same, cookie: grace, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Grace%20B.%20Hopper',
      redirect: 'manual',
    });
    expect(account.status).toBe(303);

    const logout = await fetch(
      url(`/app/logout/?${CLIENT}&post_logout_redirect_uri=${encodeURIComponent(`${PUBLIC_URL}/`)}`),
      {
        headers: { 'sec-fetch-site': 'same-origin', cookie: grace },
        redirect: 'manual',
      },
    );
    expect(logout.status).toBe(302);
    expect((await fetch(url('/app/me/'), { headers: { cookie: grace } })).status).toBe(401);
  });

  it('a sign-in form posted from another site is refused (it would sign the visitor in as the attacker)', async () => {
    const response = await fetch(url(`/app/login/?${CLIENT}&redirect_uri=${encodeURIComponent(`${PUBLIC_URL}/`)}`), {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=grace%40example.com',
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
