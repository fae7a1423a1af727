import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, signIn } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { storesUnderTest } from '../helpers/stores-under-test.js';

const CLIENT_ID = 'cloud-compile';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const QUERY = `client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent('http://localhost:8080/')}&state=st&scope=openid%20offline_access`;

async function me(jar: CookieJar, baseUrl: string): Promise<Record<string, unknown>> {
  const response = await jar.fetch(`${baseUrl}/app/me/`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe.each(storesUnderTest())(
  'mock identity ($kind store): users, registration, terms and the account page',
  ({ env }) => {
    let gateway: RunningGateway;
    const url = (path: string) => `${gateway.baseUrl}${path}`;
    beforeAll(async () => {
      gateway = await startGateway(env());
    });
    afterAll(() => gateway.close());

    it('fixture users show their terms state: new and revised users must accept', async () => {
      const expectations = {
        'new@example.com': { tos_state: 'UNACCEPTED', tos_version: 2, tos_accepted_version: 0 },
        'revised@example.com': { tos_state: 'UNACCEPTED', tos_version: 2, tos_accepted_version: 1 },
        'ada@example.com': { tos_state: 'ACCEPTED', tos_version: 2, tos_accepted_version: 2 },
        'grace@example.com': {
          tos_state: 'ACCEPTED',
          tos_version: 2,
          tos_accepted_version: 2,
          roles: ['user', 'admin'],
        },
      };
      for (const [email, expected] of Object.entries(expectations)) {
        const { jar } = await signIn(gateway.baseUrl, email);
        expect(await me(jar, gateway.baseUrl)).toMatchObject({ email, ...expected });
      }
    });

    // acceptTerms flipping /app/me/ is in contract.test.ts (it needs app.mockIdentity, which lives
    // inside the mock plugin's encapsulated context).

    it('signs in by typed email, case-insensitively', async () => {
      const { jar } = await signIn(gateway.baseUrl, '  Ada@Example.COM ');
      expect((await me(jar, gateway.baseUrl)).email).toBe('ada@example.com');
    });

    it('an unknown email gets the login page again with a clear, escaped error and a register link', async () => {
      const response = await fetch(url(`/app/login/?${QUERY}`), {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ email: 'nobody@example.com' }).toString(),
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.getSetCookie()).toEqual([]);
      const html = await response.text();
      expect(html).toMatch(/role="alert">No account uses nobody@example\.com/);
      expect(html).toContain('value="nobody@example.com"');
      expect(html).toContain('Create an account</a>');

      const hostile = await fetch(url(`/app/login/?${QUERY}`), {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ email: '"><script>alert(1)</script>' }).toString(),
      });
      expect(hostile.status).toBe(400);
      const hostileHtml = await hostile.text();
      expect(hostileHtml).not.toContain('<script>');
      expect(hostileHtml).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
      expect(hostileHtml).toMatch(/role="alert">Enter an email address/);
    });

    it('register creates a user who is signed in, must accept the terms, and can sign in again', async () => {
      const page = await fetch(url(`/app/register/?${QUERY}`));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<h1>Create an account</h1>');
      expect(html).toContain('<label for="name">Name</label>');
      expect(html).toContain(`action="/app/register/?${QUERY.replaceAll('&', '&amp;')}"`);

      const jar = new CookieJar();
      const response = await jar.fetch(url(`/app/register/?${QUERY}`), {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ email: 'Marie@Example.com', name: 'Marie Skłodowska Curie' }).toString(),
      });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(location.searchParams.get('userState')).toBe('Authenticated');
      expect(location.searchParams.get('state')).toBe('st');
      expect(jar.names()).toEqual(['app.at', 'app.at_exp', 'app.idt', 'app.rt']);
      const info = await me(jar, gateway.baseUrl);
      expect(info).toMatchObject({
        email: 'marie@example.com',
        name: 'Marie Skłodowska Curie',
        given_name: 'Marie',
        family_name: 'Skłodowska Curie',
        email_verified: false,
        roles: ['user'],
        tos_state: 'UNACCEPTED',
        tos_version: 2,
        tos_accepted_version: 0,
      });
      expect(info.sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

      const again = await signIn(gateway.baseUrl, 'marie@example.com');
      expect((await me(again.jar, gateway.baseUrl)).sub).toBe(info.sub);
      // The login page does not list registered users as one-click fixtures.
      expect(await (await fetch(url(`/app/login/?${QUERY}`))).text()).not.toContain('marie@example.com');
    });

    it('register refuses an existing email (409), a bad email or a missing name (400)', async () => {
      const post = (fields: Record<string, string>) =>
        fetch(url(`/app/register/?${QUERY}`), {
          method: 'POST',
          headers: FORM,
          body: new URLSearchParams(fields).toString(),
          redirect: 'manual',
        });
      const existing = await post({ email: 'ADA@example.com', name: 'Imposter' });
      expect(existing.status).toBe(409);
      expect(existing.headers.getSetCookie()).toEqual([]);
      expect(await existing.text()).toMatch(/role="alert">An account already uses ADA@example\.com/);
      const badEmail = await post({ email: 'not-an-email', name: 'X' });
      expect(badEmail.status).toBe(400);
      const noName = await post({ email: 'someone@example.com', name: '   ' });
      expect(noName.status).toBe(400);
      expect(await noName.text()).toContain('Enter your name');
      // Nothing was created by the refused attempts.
      await expect(signIn(gateway.baseUrl, 'someone@example.com')).rejects.toThrow(/HTTP 400/);
    });

    it('a scope without offline_access gets no refresh token; without openid no id token', async () => {
      const plain = await signIn(gateway.baseUrl, 'ada@example.com', { scope: 'email profile' });
      expect(Object.keys(plain.cookies).sort()).toEqual(['app.at', 'app.at_exp']);
      const refresh = await plain.jar.fetch(url(`/app/refresh/?client_id=${CLIENT_ID}`), {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
      });
      expect(refresh.status).toBe(400);
      const openid = await signIn(gateway.baseUrl, 'ada@example.com', { scope: 'openid' });
      expect(Object.keys(openid.cookies).sort()).toEqual(['app.at', 'app.at_exp', 'app.idt']);
    });

    it('/account/ sends a signed-out visitor to sign in and back', async () => {
      const response = await fetch(url(`/account/?client_id=${CLIENT_ID}`), { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!, gateway.baseUrl);
      expect(location.pathname).toBe('/app/login/');
      expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
      expect(location.searchParams.get('redirect_uri')).toBe(`http://localhost:8080/account/?client_id=${CLIENT_ID}`);
      // That return address passes the allow-list.
      const login = await fetch(location, { redirect: 'manual' });
      expect(login.status).toBe(200);
    });

    it('/account/ shows the user, changes the name and links back to the app', async () => {
      const { jar } = await signIn(gateway.baseUrl, 'grace@example.com');
      const page = await jar.fetch(url(`/account/?client_id=${CLIENT_ID}`));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<h1>Your account</h1>');
      expect(html).toContain('<dd>Grace Hopper</dd>');
      expect(html).toContain('<dd>grace@example.com</dd>');
      expect(html).toContain('<a href="http://localhost:8080/">Back to Cloud Compile</a>');
      expect(html).not.toMatch(/<script/i);

      const saved = await jar.fetch(url(`/account/?client_id=${CLIENT_ID}`), {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ name: 'Grace <Brewster> Hopper' }).toString(),
      });
      expect(saved.status).toBe(303);
      expect(saved.headers.get('location')).toBe(`/account/?client_id=${CLIENT_ID}&saved=1`);
      const after = await (await jar.fetch(url(saved.headers.get('location')!))).text();
      expect(after).toContain('<dd>Grace &lt;Brewster&gt; Hopper</dd>');
      expect(after).toContain('role="status">Your name was saved.');
      expect(await me(jar, gateway.baseUrl)).toMatchObject({
        name: 'Grace <Brewster> Hopper',
        given_name: 'Grace',
        family_name: '<Brewster> Hopper',
      });

      const empty = await jar.fetch(url(`/account/?client_id=${CLIENT_ID}`), {
        method: 'POST',
        headers: FORM,
        body: 'name=',
      });
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain('Enter your name');
    });

    it('POST /account/ without a session changes nothing and sends to sign-in', async () => {
      const response = await fetch(url(`/account/?client_id=${CLIENT_ID}`), {
        method: 'POST',
        headers: FORM,
        body: 'name=Mallory',
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
      expect(new URL(response.headers.get('location')!, gateway.baseUrl).pathname).toBe('/app/login/');
    });
  },
);

describe('mock identity: MOCK_AUTO_LOGIN', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({ MOCK_AUTO_LOGIN: 'grace@example.com' });
  });
  afterAll(() => gateway.close());

  it('signs that user in at once, with no page', async () => {
    const jar = new CookieJar();
    const response = await jar.fetch(`${gateway.baseUrl}/app/login/?${QUERY}`);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).searchParams.get('state')).toBe('st');
    expect((await me(jar, gateway.baseUrl)).email).toBe('grace@example.com');
  });

  it('still refuses a hostile redirect', async () => {
    const response = await fetch(
      `${gateway.baseUrl}/app/login/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent('https://evil.example/')}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});
