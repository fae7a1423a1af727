import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CookieJar } from '../helpers/sign-in.js';
import { storesUnderTest } from '../helpers/stores-under-test.js';
import type { StateStore } from '../../src/mock/state/state-store.js';
import { manualClock, startIdentityOnly, type Clock } from './standalone.js';

/**
 * The sign-in table of a public demo over real HTTP, with a hand-moved clock: one client address
 * (an IPv6 /64 is one) cannot fill it, and a full table makes room by signing out the least recently
 * used idle session, never one in use. Client addresses come in X-Forwarded-For from a trusted
 * 127.0.0.1, as behind the demo's reverse proxy.
 */
const LOGIN = '/app/login/?client_id=cloud-compile&scope=openid%20offline_access';
const IDLE_SECONDS = 60;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(clock: Clock, env: Record<string, string>, store: StateStore) {
  const started = await startIdentityOnly(
    clock,
    { MOCK_SIGN_IN_RATE_LIMIT: '10000', MOCK_SANDBOX_IDLE_MINUTES: String(IDLE_SECONDS / 60), ...env },
    { trustProxy: '127.0.0.1' },
    store,
  );
  app = started.app;
  const { baseUrl } = started;

  async function signInFrom(address: string, email = 'ada@example.com') {
    const jar = new CookieJar();
    const response = await jar.fetch(`${baseUrl}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams({ email }).toString(),
    });
    return { status: response.status, text: await response.text(), jar };
  }
  /** Whether the jar's sign-in is alive: its refresh token still redeems (and counts as a use). */
  async function alive(jar: CookieJar): Promise<boolean> {
    const response = await jar.fetch(`${baseUrl}/app/refresh/?client_id=cloud-compile`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    await response.body?.cancel();
    return response.status === 200;
  }
  async function registerFrom(address: string, email: string) {
    const jar = new CookieJar();
    const response = await jar.fetch(`${baseUrl}${LOGIN.replace('/app/login/', '/app/register/')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: new URLSearchParams({ email, name: 'Visitor' }).toString(),
    });
    return { status: response.status, text: await response.text(), jar };
  }
  async function signOut(jar: CookieJar) {
    const response = await jar.fetch(`${baseUrl}/app/logout/?client_id=cloud-compile`);
    expect(response.status).toBe(302);
  }
  return { signInFrom, alive, registerFrom, signOut };
}

describe.each(storesUnderTest())('$kind store', ({ open }) => {
  describe('mock identity: one address cannot fill the sign-in table', () => {
    it('sign-ins from one IPv6 /64 beyond MOCK_MAX_SESSIONS_PER_ADDRESS sign out its own least recently used; a newcomer still signs in', async () => {
      const clock = manualClock();
      const { signInFrom, alive } = await start(
        clock,
        { MOCK_MAX_SESSIONS: '5', MOCK_MAX_SESSIONS_PER_ADDRESS: '3' },
        await open(clock.now),
      );
      const flood = [];
      for (let i = 1; i <= 10; i++) {
        const signed = await signInFrom(`2001:db8:bad:1::${i.toString(16)}`);
        expect(signed.status, `flood sign-in ${i}`).toBe(302);
        flood.push(signed.jar);
      }
      // The /64 holds 3 sign-ins at most, its newest: the visitor's current sign-in always works.
      const live = [];
      for (const jar of flood) live.push(await alive(jar));
      expect(live).toEqual([false, false, false, false, false, false, false, true, true, true]);

      const newcomer = await signInFrom('198.51.100.7', 'grace@example.com');
      expect(newcomer.status).toBe(302);
      expect(await alive(newcomer.jar)).toBe(true);
    });
  });

  describe('mock identity: a full sign-in table signs out the idlest idle session, never one in use', () => {
    it('when every session is in use a newcomer gets 503; once some are idle past MOCK_SANDBOX_IDLE_MINUTES, the least recently used goes', async () => {
      const clock = manualClock();
      const { signInFrom, alive } = await start(
        clock,
        { MOCK_MAX_SESSIONS: '3', MOCK_MAX_SESSIONS_PER_ADDRESS: '3' },
        await open(clock.now),
      );
      const first = await signInFrom('203.0.113.1');
      const second = await signInFrom('203.0.113.2');
      const third = await signInFrom('203.0.113.3');
      for (const signed of [first, second, third]) expect(signed.status).toBe(302);

      const early = await signInFrom('198.51.100.7', 'grace@example.com');
      expect(early.status).toBe(503);
      expect(early.text).toContain('This demo is full: at most 3 people can be signed in at once.');

      clock.advanceSeconds(IDLE_SECONDS + 1);
      // The first is used again (a refresh), so the second is now the least recently used idle one.
      expect(await alive(first.jar)).toBe(true);
      const newcomer = await signInFrom('198.51.100.7', 'grace@example.com');
      expect(newcomer.status).toBe(302);
      expect(await alive(second.jar)).toBe(false);
      expect(await alive(first.jar)).toBe(true);
      expect(await alive(newcomer.jar)).toBe(true);
      expect(await alive(third.jar)).toBe(true); // idle, but room was needed for one only
    });
  });

  describe('mock identity: registered accounts are bounded (MOCK_MAX_USERS)', () => {
    it('MOCK_SANDBOX=user: past the cap the sign-up page says the demo is full, and signs nobody in', async () => {
      const clock = manualClock();
      const { registerFrom } = await start(clock, { MOCK_SANDBOX: 'user', MOCK_MAX_USERS: '2' }, await open(clock.now));
      expect((await registerFrom('203.0.113.1', 'r1@example.com')).status).toBe(302);
      expect((await registerFrom('203.0.113.2', 'r2@example.com')).status).toBe(302);
      const refused = await registerFrom('203.0.113.3', 'r3@example.com');
      expect(refused.status).toBe(503);
      expect(refused.text).toContain('This demo is full: it keeps at most 2 new accounts and every one is in use.');
      expect(refused.jar.names()).toEqual([]);
    });

    it('MOCK_SANDBOX=session: past the cap the oldest registration with no live sign-in is forgotten; signed-in ones stay', async () => {
      const clock = manualClock();
      const { registerFrom, signInFrom, signOut, alive } = await start(
        clock,
        { MOCK_SANDBOX: 'session', MOCK_MAX_USERS: '2' },
        await open(clock.now),
      );
      const first = await registerFrom('203.0.113.1', 'r1@example.com');
      const second = await registerFrom('203.0.113.2', 'r2@example.com');
      expect([first.status, second.status]).toEqual([302, 302]);
      await signOut(second.jar);
      const third = await registerFrom('203.0.113.3', 'r3@example.com');
      expect(third.status).toBe(302);
      expect((await signInFrom('203.0.113.2', 'r2@example.com')).text).toContain('No account uses r2@example.com.');
      expect(await alive(first.jar)).toBe(true);
      expect((await signInFrom('203.0.113.1', 'r1@example.com')).status).toBe(302);
      // Both remaining registrations are signed in: the next is refused, nobody is forgotten.
      const fourth = await registerFrom('203.0.113.4', 'r4@example.com');
      expect(fourth.status).toBe(503);
      expect(fourth.text).toContain('This demo is full: it keeps at most 2 new accounts');
      expect(await alive(third.jar)).toBe(true);
    });
  });
});
