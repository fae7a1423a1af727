import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStateStore } from '../../src/mock/state/memory-store.js';
import { SandboxRegistry } from '../../src/mock/store/registry.js';
import { signIn } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { manualClock, startIdentityOnly } from './standalone.js';

const NEW = 'new@example.com';
const ACCOUNT = '/account/?client_id=cloud-compile';

/** A public demo (MOCK_SANDBOX=session): one visitor's name and terms changes never reach another. */
describe('mock identity: edits are scoped like the sandboxes', () => {
  let gateway: RunningGateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  async function visitorEdits(g: RunningGateway) {
    const a = await signIn(g.baseUrl, NEW);
    const renamed = await g.app.inject({
      method: 'POST',
      url: ACCOUNT,
      headers: { cookie: a.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Visitor+A+Was+Here',
    });
    expect(renamed.statusCode).toBe(303);
    const terms = await g.app.inject({
      method: 'POST',
      url: '/api/identity/update-terms/2',
      headers: { cookie: a.cookieHeader },
    });
    expect(terms.statusCode).toBe(200);
    const me = (cookie: string) =>
      g.app.inject({ method: 'GET', url: '/app/me/', headers: { cookie } }).then((r) => r.json());
    expect(await me(a.cookieHeader)).toMatchObject({
      name: 'Visitor A Was Here',
      given_name: 'Visitor',
      tos_state: 'ACCEPTED',
    });
    return { a, me };
  }

  it('session mode: visitor B signing in as the same fixture user gets the fixture values', async () => {
    gateway = await startGateway({ MOCK_SANDBOX: 'session' });
    const g = gateway;
    const { a, me } = await visitorEdits(g);
    const b = await signIn(g.baseUrl, NEW);
    expect(await me(b.cookieHeader)).toMatchObject({
      name: 'Newton Newcomer',
      tos_state: 'UNACCEPTED',
      tos_accepted_version: 0,
    });
    const login = await g.app.inject({ method: 'GET', url: '/app/login/?client_id=cloud-compile' });
    expect(login.body).toContain('Newton Newcomer');
    expect(login.body).not.toContain('Visitor A Was Here');
    // A keeps its own changes, also across a token refresh.
    expect(await me(a.cookieHeader)).toMatchObject({ name: 'Visitor A Was Here', tos_state: 'ACCEPTED' });
  });

  it('user mode: the change is the user’s, as before', async () => {
    gateway = await startGateway();
    const g = gateway;
    const { me } = await visitorEdits(g);
    const again = await signIn(g.baseUrl, NEW);
    expect(await me(again.cookieHeader)).toMatchObject({ name: 'Visitor A Was Here', tos_state: 'ACCEPTED' });
  });

  it('POST /mock-admin/reset (full) puts renamed users and their terms back to the fixtures', async () => {
    const token = 'reset-test-admin-token-0123';
    gateway = await startGateway({ ADMIN_TOKEN: token });
    const g = gateway;
    const { me } = await visitorEdits(g);
    const reset = await g.app.inject({
      method: 'POST',
      url: '/mock-admin/reset',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reset.statusCode).toBe(200);
    const again = await signIn(g.baseUrl, NEW);
    expect(await me(again.cookieHeader)).toMatchObject({ name: 'Newton Newcomer', tos_state: 'UNACCEPTED' });
  });

  it('a full registry reset puts the identity provider back to the fixtures; a per-user reset does not', async () => {
    let resets = 0;
    const registry = new SandboxRegistry({
      store: new MemoryStateStore(),
      seed: { projects: [] } as never,
      mode: 'user',
      idleMs: 60_000,
      fakerSeed: 1,
      startedAt: new Date(),
      identity: {
        reset: async () => {
          resets++;
        },
      },
    });
    await registry.reset('ada@example.com');
    expect(resets).toBe(0);
    await registry.reset();
    expect(resets).toBe(1);
  });

  it('MockIdentity.reset restores names and terms and drops registered users', async () => {
    const { app, baseUrl } = await startIdentityOnly(manualClock());
    try {
      const a = await signIn(baseUrl, NEW);
      await app.inject({
        method: 'POST',
        url: ACCOUNT,
        headers: { cookie: a.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Visitor+A+Was+Here',
      });
      const user = (await app.mockIdentity.getUser(
        (await app.inject({ url: '/app/me/', headers: { cookie: a.cookieHeader } })).json().sub,
      ))!;
      await app.mockIdentity.acceptTerms(user.id, 2);
      expect(await app.mockIdentity.getUser(user.id)).toMatchObject({
        name: 'Visitor A Was Here',
        tos_accepted_version: 2,
      });
      await app.mockIdentity.reset();
      expect(await app.mockIdentity.getUser(user.id)).toMatchObject({
        name: 'Newton Newcomer',
        tos_accepted_version: 0,
      });
      const login = await app.inject({ method: 'GET', url: '/app/login/?client_id=cloud-compile' });
      expect(login.body).not.toContain('Visitor A Was Here');
    } finally {
      await app.close();
    }
  });
});
