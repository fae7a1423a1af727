import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, signIn } from '../helpers/sign-in.js';
import { storesUnderTest } from '../helpers/stores-under-test.js';
import { manualClock, startIdentityOnly } from './standalone.js';

interface Probe {
  sessionId?: string;
  user?: { id: string; email: string; tos_accepted_version: number };
  session?: null;
}

/** The MockIdentity contract (server/src/mock/session.ts) the mock compile API relies on. */
describe.each(storesUnderTest())('app.mockIdentity ($kind store)', ({ open }) => {
  const clock = manualClock();
  let app: FastifyInstance;
  let baseUrl: string;
  beforeAll(async () => {
    ({ app, baseUrl } = await startIdentityOnly(clock, {}, {}, await open(clock.now)));
  });
  afterAll(() => app.close());

  async function probe(cookieHeader?: string): Promise<Probe> {
    const response = await fetch(`${baseUrl}/probe/session`, { headers: cookieHeader ? { cookie: cookieHeader } : {} });
    return (await response.json()) as Probe;
  }

  it('sessionFromRequest returns the signed-in user and a session id per sign-in', async () => {
    const first = await signIn(baseUrl, 'grace@example.com');
    const second = await signIn(baseUrl, 'grace@example.com');
    const a = await probe(first.cookieHeader);
    const b = await probe(second.cookieHeader);
    expect(a.user?.email).toBe('grace@example.com');
    expect(a.user?.id).toBe('c4e8f2a6-3b71-4d9e-8f05-1a6b3c7d9e44');
    expect(a.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.sessionId).not.toBe(a.sessionId);
  });

  it('keeps the session id across a refresh', async () => {
    const signedIn = await signIn(baseUrl, 'ada@example.com');
    const before = await probe(signedIn.cookieHeader);
    const refreshed = await signedIn.jar.fetch(`${baseUrl}/app/refresh/?client_id=cloud-compile`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refreshed.status).toBe(200);
    expect(signedIn.jar.get('app.at')).not.toBe(signedIn.cookies['app.at']);
    const after = await probe(signedIn.jar.header());
    expect(after.sessionId).toBe(before.sessionId);
  });

  it('returns null with no cookie, a forged token or an expired token', async () => {
    expect(await probe()).toEqual({ session: null });
    const signedIn = await signIn(baseUrl, 'ada@example.com');
    const [header, payload] = signedIn.cookies['app.at']!.split('.');
    expect(await probe(`app.at=${header}.${payload}.forgedsignature`)).toEqual({ session: null });
    const alg = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    expect(await probe(`app.at=${alg}.${payload}.`)).toEqual({ session: null });

    expect((await probe(signedIn.cookieHeader)).user?.email).toBe('ada@example.com');
    clock.advanceSeconds(16); // TTL is 15 s
    expect(await probe(signedIn.cookieHeader)).toEqual({ session: null });
  });

  it('acceptTerms changes what getUser, sessionFromRequest and /app/me/ report', async () => {
    const identity = app.mockIdentity;
    expect(identity.termsVersion).toBe(2);
    const newUserId = '8d0a9c3e-1f52-4b6a-a7e4-3c9d2b1e6f22';
    expect((await identity.getUser(newUserId))?.tos_accepted_version).toBe(0);
    const jar = new CookieJar();
    await signIn(baseUrl, 'new@example.com', { jar });
    const me = async () => (await (await jar.fetch(`${baseUrl}/app/me/`)).json()) as Record<string, unknown>;
    expect(await me()).toMatchObject({ tos_state: 'UNACCEPTED', tos_version: 2, tos_accepted_version: 0 });

    const updated = await identity.acceptTerms(newUserId, 2);
    expect(updated.tos_accepted_version).toBe(2);
    expect((await identity.getUser(newUserId))?.tos_accepted_version).toBe(2);
    expect((await probe(jar.header())).user?.tos_accepted_version).toBe(2);
    expect(await me()).toMatchObject({ tos_state: 'ACCEPTED', tos_version: 2, tos_accepted_version: 2 });
  });

  it('acceptTerms refuses unknown users and versions outside 1..termsVersion', async () => {
    const identity = app.mockIdentity;
    const refusal = (statusCode: number) => expect.objectContaining({ statusCode });
    await expect(identity.acceptTerms('no-such-user', 2)).rejects.toThrow(refusal(404));
    const ada = '2f6c1b0e-7a43-4c2e-9d1a-5b8e0c7f4a11';
    await expect(identity.acceptTerms(ada, 3)).rejects.toThrow(refusal(400));
    await expect(identity.acceptTerms(ada, 0)).rejects.toThrow(refusal(400));
    await expect(identity.acceptTerms(ada, 1.5)).rejects.toThrow(refusal(400));
  });

  it('getUser hands out copies: changing one does not change the user', async () => {
    const ada = (await app.mockIdentity.getUser('2f6c1b0e-7a43-4c2e-9d1a-5b8e0c7f4a11'))!;
    ada.name = 'Mallory';
    ada.roles.push('admin');
    expect(await app.mockIdentity.getUser(ada.id)).toMatchObject({ name: 'Ada Lovelace', roles: ['user'] });
  });
});
