import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, signIn } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { storesUnderTest } from '../helpers/stores-under-test.js';

/**
 * The mock identity provider as a public demo, over real HTTP: what a visitor types is bounded
 * (RFC 5321 email lengths, names), sign-ins are rate-limited per address, and the sign-in table
 * has a size: when full, a new sign-in is refused, nobody is signed out.
 */
const QUERY = 'client_id=cloud-compile&scope=openid%20offline_access';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** An address of exactly `length` characters with a local part of `local` characters. */
function emailOf(length: number, local = 64): string {
  let domain = '';
  const need = length - local - 1 - '.com'.length;
  while (domain.length < need) {
    const label = 'd'.repeat(Math.min(60, need - domain.length - (domain ? 1 : 0)));
    domain = domain ? `${domain}.${label}` : label;
  }
  return `${'a'.repeat(local)}@${domain}.com`;
}

async function register(baseUrl: string, email: string, name = 'Visitor') {
  const jar = new CookieJar();
  const response = await jar.fetch(`${baseUrl}/app/register/?${QUERY}`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ email, name }).toString(),
  });
  return { response, jar, text: await response.text() };
}

describe('mock identity: emails and names are bounded', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('a multi-megabyte email is refused before it is read, at sign-up and sign-in; nothing is kept', async () => {
    const huge = `${'a'.repeat(3 * 1024 * 1024)}@example.com`;
    const signUp = await register(gateway.baseUrl, huge);
    expect(signUp.response.status).toBe(413);
    expect(JSON.parse(signUp.text)).toEqual({ detail: expect.stringMatching(/too large/i) });
    expect(signUp.jar.names()).toEqual([]);
    const login = await fetch(`${gateway.baseUrl}/app/login/?${QUERY}`, {
      method: 'POST',
      headers: FORM,
      body: `email=${huge}`,
    });
    expect(login.status).toBe(413);
    await login.body?.cancel();
  });

  it('an email of 254 characters (64 before the @) registers; 255, or 65 before the @, is refused with the RFC limits', async () => {
    const longest = emailOf(254);
    expect(longest).toHaveLength(254);
    const ok = await register(gateway.baseUrl, longest);
    expect(ok.response.status).toBe(302);
    // What goes into the tokens is bounded by it: the access-token cookie stays small.
    expect(ok.jar.get('app.at')!.length).toBeLessThan(1500);

    for (const email of [emailOf(255), emailOf(200, 65)]) {
      const refused = await register(gateway.baseUrl, email);
      expect(refused.response.status, email).toBe(400);
      expect(refused.text).toContain('An email address has at most 254 characters, 64 of them before the @.');
      expect(refused.jar.names()).toEqual([]);
    }
  });

  it('a name of 100 characters is kept, 101 refused, at sign-up and on the account page', async () => {
    expect((await register(gateway.baseUrl, 'name100@example.com', 'n'.repeat(100))).response.status).toBe(302);
    const refused = await register(gateway.baseUrl, 'name101@example.com', 'n'.repeat(101));
    expect(refused.response.status).toBe(400);
    expect(refused.text).toContain('Enter your name (1 to 100 characters).');

    const { jar } = await signIn(gateway.baseUrl, 'name100@example.com');
    const edit = await jar.fetch(`${gateway.baseUrl}/account/?client_id=cloud-compile`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ name: 'm'.repeat(101) }).toString(),
    });
    expect(edit.status).toBe(400);
    expect(await edit.text()).toContain('Enter your name (1 to 100 characters).');
    const me = (await (await jar.fetch(`${gateway.baseUrl}/app/me/`)).json()) as { name: string };
    expect(me.name).toBe('n'.repeat(100));
  });
});

describe('mock identity: sign-ins are rate-limited per client address', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({ MOCK_SIGN_IN_RATE_LIMIT: '3' });
  });
  afterAll(() => gateway.close());

  it('3 sign-ins and sign-ups a minute pass; the 4th is 429 with a message naming the limit', async () => {
    await signIn(gateway.baseUrl, 'ada@example.com');
    await signIn(gateway.baseUrl, 'grace@example.com');
    expect((await register(gateway.baseUrl, 'third@example.com')).response.status).toBe(302);
    const fourth = await fetch(`${gateway.baseUrl}/app/login/?${QUERY}`, {
      method: 'POST',
      headers: FORM,
      body: 'email=ada%40example.com',
    });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.getSetCookie()).toEqual([]);
    expect(((await fourth.json()) as { detail: string }).detail).toBe(
      'Too many sign-ins from your address: at most 3 a minute. Try again in 1 minute.',
    );
    // Reading pages and the API is not limited.
    expect((await fetch(`${gateway.baseUrl}/app/login/?${QUERY}`)).status).toBe(200);
  });
});

describe.each(storesUnderTest())('mock identity ($kind store): the sign-in table is bounded', ({ env }) => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({ MOCK_MAX_SESSIONS: '2', ...env() });
  });
  afterAll(() => gateway.close());

  it('when full, a new sign-in gets a 503 page and the signed-in keep their sessions; a sign-out makes room', async () => {
    const ada = await signIn(gateway.baseUrl, 'ada@example.com');
    const grace = await signIn(gateway.baseUrl, 'grace@example.com');
    const third = await fetch(`${gateway.baseUrl}/app/login/?${QUERY}`, {
      method: 'POST',
      headers: FORM,
      body: 'email=new%40example.com',
      redirect: 'manual',
    });
    expect(third.status).toBe(503);
    expect(third.headers.getSetCookie()).toEqual([]);
    expect(await third.text()).toContain('This demo is full: at most 2 people can be signed in at once.');
    expect((await ada.jar.fetch(`${gateway.baseUrl}/app/me/`)).status).toBe(200);
    expect((await grace.jar.fetch(`${gateway.baseUrl}/app/me/`)).status).toBe(200);

    const out = await grace.jar.fetch(`${gateway.baseUrl}/app/logout/?client_id=cloud-compile`);
    expect(out.status).toBe(302);
    await signIn(gateway.baseUrl, 'new@example.com');
  });
});
