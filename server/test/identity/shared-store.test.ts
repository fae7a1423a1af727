import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { CookieJar, signIn } from '../helpers/sign-in.js';
import { openRedisStore, testRedis, uniquePrefix } from '../helpers/stores-under-test.js';
import { SECRET_MISMATCH_WARNING, SIGNING_SECRET_KEY } from '../../src/mock/identity/signing-secret.js';

/**
 * Gateways sharing one Redis store (MOCK_STORE=redis://…), over real HTTP: they serve one
 * sign-in, a restart of all of them keeps users and sign-ins, refresh tokens stay one-time across
 * replicas, and the sign-in rate limit counts on all of them together.
 */
const redis = testRedis();
const SECRET = 'test-session-secret-0123456789-abcdef';
const REFRESH = '/app/refresh/?client_id=cloud-compile';
const ACCOUNT = '/account/?client_id=cloud-compile';
const QUERY = 'client_id=cloud-compile&scope=openid%20offline_access';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const running: RunningGateway[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((gateway) => gateway.close()));
});

/** Environment of one deployment: its own key prefix on the test Redis. */
function deployment(extra: Record<string, string> = {}): Record<string, string> {
  return { MOCK_STORE: redis.url, MOCK_STORE_PREFIX: uniquePrefix(), SESSION_SECRET: SECRET, ...extra };
}

async function gateway(env: Record<string, string>, logLines?: string[]): Promise<RunningGateway> {
  const started = await startGateway(env, logLines);
  running.push(started);
  return started;
}

async function closeAll(): Promise<void> {
  await Promise.all(running.splice(0).map((g) => g.close()));
}

const refresh = (baseUrl: string, cookie: string) =>
  fetch(`${baseUrl}${REFRESH}`, { method: 'POST', headers: { 'content-type': 'text/plain', cookie } });

async function me(jar: CookieJar, baseUrl: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await jar.fetch(`${baseUrl}/app/me/`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function register(baseUrl: string, email: string, name: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const response = await jar.fetch(`${baseUrl}/app/register/?${QUERY}`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ email, name }).toString(),
  });
  expect(response.status).toBe(302);
  return jar;
}

async function rename(jar: CookieJar, baseUrl: string, name: string): Promise<void> {
  const response = await jar.fetch(`${baseUrl}${ACCOUNT}`, {
    method: 'POST',
    headers: FORM,
    body: new URLSearchParams({ name }).toString(),
  });
  expect(response.status).toBe(303);
}

describe('mock identity: two gateways on one Redis serve one sign-in', () => {
  it('signed in on A: /app/me/ and a refresh on B work; the spent token is refused on A; signing out on B ends it on A', async () => {
    const env = deployment();
    const [a, b] = [await gateway(env), await gateway(env)];
    const { jar, cookieHeader: first } = await signIn(a.baseUrl, 'ada@example.com');
    expect(await me(jar, b.baseUrl)).toMatchObject({ status: 200, body: { email: 'ada@example.com' } });

    const rotated = await jar.fetch(`${b.baseUrl}${REFRESH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(rotated.status).toBe(200);
    expect(jar.header()).not.toBe(first);
    expect((await me(jar, a.baseUrl)).status).toBe(200);
    expect((await refresh(a.baseUrl, first)).status).toBe(400); // spent on B

    const out = await jar.fetch(`${b.baseUrl}/app/logout/?client_id=cloud-compile`);
    expect(out.status).toBe(302);
    expect((await fetch(`${a.baseUrl}/app/me/`, { headers: { cookie: first } })).status).toBe(401);
    expect((await refresh(a.baseUrl, first)).status).toBe(400);
  });

  it('MOCK_MAX_SESSIONS counts the sign-ins of every gateway', async () => {
    const env = deployment({ MOCK_MAX_SESSIONS: '2' });
    const [a, b] = [await gateway(env), await gateway(env)];
    await signIn(a.baseUrl, 'ada@example.com');
    await signIn(b.baseUrl, 'grace@example.com');
    await expect(signIn(a.baseUrl, 'new@example.com')).rejects.toThrow(/HTTP 503/);
  });

  it('a refresh token redeemed on both gateways at once works exactly once', async () => {
    const env = deployment();
    const [a, b] = [await gateway(env), await gateway(env)];
    for (let round = 0; round < 5; round++) {
      const { cookieHeader } = await signIn(a.baseUrl, 'ada@example.com');
      const attempts = await Promise.all(
        Array.from({ length: 8 }, (_, i) => refresh(i % 2 ? a.baseUrl : b.baseUrl, cookieHeader)),
      );
      const statuses = attempts.map((response) => response.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    }
  });

  it('the sign-in rate limit counts sign-ins on every gateway', async () => {
    const env = deployment({ MOCK_SIGN_IN_RATE_LIMIT: '3' });
    const [a, b] = [await gateway(env), await gateway(env)];
    await signIn(a.baseUrl, 'ada@example.com');
    await signIn(b.baseUrl, 'grace@example.com');
    await signIn(a.baseUrl, 'new@example.com');
    await expect(signIn(b.baseUrl, 'ada@example.com')).rejects.toThrow(/HTTP 429/);
  });
});

describe('mock identity: a restart of every gateway on one Redis keeps users and sign-ins', () => {
  it('user mode: sign-in cookies still work, registrations, name and terms changes are kept', async () => {
    const env = deployment();
    const [a, b] = [await gateway(env), await gateway(env)];
    const ada = await signIn(a.baseUrl, 'ada@example.com');
    const marie = await register(b.baseUrl, 'marie@example.com', 'Marie Curie');
    await rename(marie, a.baseUrl, 'Marie Skłodowska Curie');
    const terms = await marie.fetch(`${b.baseUrl}/api/identity/update-terms/2`, { method: 'POST' });
    expect(terms.status).toBe(200);
    await closeAll();

    const c = await gateway(env);
    expect(await me(ada.jar, c.baseUrl)).toMatchObject({ status: 200, body: { email: 'ada@example.com' } });
    expect((await refresh(c.baseUrl, ada.cookieHeader)).status).toBe(200);
    expect(await me(marie, c.baseUrl)).toMatchObject({
      status: 200,
      body: { email: 'marie@example.com', name: 'Marie Skłodowska Curie', tos_state: 'ACCEPTED' },
    });
    const again = await signIn(c.baseUrl, 'marie@example.com');
    expect((await me(again.jar, c.baseUrl)).body.name).toBe('Marie Skłodowska Curie');
  });

  it('session mode: a sign-in keeps its own edits across the restart', async () => {
    const env = deployment({ MOCK_SANDBOX: 'session' });
    const a = await gateway(env);
    const visitor = await signIn(a.baseUrl, 'new@example.com');
    await rename(visitor.jar, a.baseUrl, 'Visitor Renamed');
    await closeAll();

    const b = await gateway(env);
    expect((await me(visitor.jar, b.baseUrl)).body.name).toBe('Visitor Renamed');
    const other = await signIn(b.baseUrl, 'new@example.com');
    expect((await me(other.jar, b.baseUrl)).body.name).toBe('Newton Newcomer');
  });
});

describe('mock identity: the token signing secret', () => {
  it('SESSION_SECRET unset with Redis: one is made, kept in the store and used by every gateway; never logged', async () => {
    const env = deployment();
    delete env.SESSION_SECRET;
    const lines: string[] = [];
    const [a, b] = [await gateway(env, lines), await gateway(env)];
    const { jar } = await signIn(a.baseUrl, 'ada@example.com');
    expect((await me(jar, b.baseUrl)).status).toBe(200);
    await closeAll();
    const c = await gateway(env);
    expect((await me(jar, c.baseUrl)).status).toBe(200);

    const log = lines.join('');
    expect(log).toContain('tokens signed with the secret kept in the shared store');
    const store = await openRedisStore(redis.url, env.MOCK_STORE_PREFIX);
    const kept = (await store.read(SIGNING_SECRET_KEY))!.value;
    await store.close();
    expect(kept.length).toBeGreaterThanOrEqual(43);
    expect(log).not.toContain(kept);
  });

  it('SESSION_SECRET set: gateways on different deployments of one Redis still refuse each other’s tokens', async () => {
    const lines: string[] = [];
    const a = await gateway(deployment(), lines);
    const b = await gateway(deployment()); // same secret, another prefix: the session is not there
    const { jar } = await signIn(a.baseUrl, 'ada@example.com');
    expect((await me(jar, b.baseUrl)).status).toBe(401);
    expect(lines.join('')).toContain('tokens signed with SESSION_SECRET');
    expect(lines.join('')).not.toContain(SECRET);
  });

  it('a replica whose secret differs from the others’ on the same store warns at start, naming SESSION_SECRET', async () => {
    const env = deployment();
    const [first, agreeing, other, unset]: [string[], string[], string[], string[]] = [[], [], [], []];
    await gateway(env, first);
    await gateway(env, agreeing);
    await gateway({ ...env, SESSION_SECRET: `${SECRET}-another` }, other);
    const { SESSION_SECRET: _left, ...withoutSecret } = env;
    await gateway(withoutSecret, unset);
    const warnings = (lines: string[]) =>
      lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((r) => r.level === 40);
    expect(warnings(first)).toEqual([]);
    expect(warnings(agreeing)).toEqual([]);
    for (const lines of [other, unset]) {
      expect(warnings(lines).map((record) => record.msg)).toEqual([SECRET_MISMATCH_WARNING]);
      expect(lines.join('')).not.toContain(SECRET);
    }
    expect(SECRET_MISMATCH_WARNING).toContain('Set the same SESSION_SECRET on every replica');
  });

  it('memory store, SESSION_SECRET unset: the start-up log says sign-ins end at restart', async () => {
    const lines: string[] = [];
    await gateway({}, lines);
    const line = lines.find((entry) => entry.includes('Mock sign-ins end at restart'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 30 });
  });
});
