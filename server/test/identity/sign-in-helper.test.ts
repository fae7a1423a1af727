import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';

/** The helper other areas' tests use to get a signed-in session. */
describe('signIn test helper', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('signs a fixture user in and the cookies identify them to /app/me/', async () => {
    const { cookieHeader, cookies, location } = await signIn(gateway.baseUrl, 'ada@example.com');
    expect(Object.keys(cookies).sort()).toEqual(['app.at', 'app.at_exp', 'app.idt', 'app.rt']);
    expect(new URL(location).searchParams.get('userState')).toBe('Authenticated');

    const me = await fetch(`${gateway.baseUrl}/app/me/`, { headers: { cookie: cookieHeader } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('ada@example.com');
  });

  it('throws for an email no user has', async () => {
    await expect(signIn(gateway.baseUrl, 'nobody@example.com')).rejects.toThrow(/HTTP 400/);
  });
});
