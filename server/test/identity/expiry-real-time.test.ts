import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';

const TTL = 11; // the shortest the config allows: the SDK refreshes 10 s before expiry

/** One test on the real clock (the others inject time): the token really runs out. */
describe('mock identity: access-token expiry in real time', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({ MOCK_TOKEN_TTL_SECONDS: String(TTL) });
  });
  afterAll(() => gateway.close());

  it('app.at stops working at app.at_exp; the refresh token still gets a new one', async () => {
    const { jar, cookies } = await signIn(gateway.baseUrl, 'ada@example.com');
    const me = () => jar.fetch(`${gateway.baseUrl}/app/me/`);
    expect((await me()).status).toBe(200);

    const expiresAtMs = Number(cookies['app.at_exp']) * 1000;
    expect(expiresAtMs - Date.now()).toBeLessThanOrEqual(TTL * 1000);
    expect(expiresAtMs - Date.now()).toBeGreaterThan((TTL - 2) * 1000);
    await new Promise((resolve) => setTimeout(resolve, expiresAtMs - Date.now() + 100));
    expect((await me()).status).toBe(401);

    const refresh = await jar.fetch(`${gateway.baseUrl}/app/refresh/?client_id=cloud-compile`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(refresh.status).toBe(200);
    expect((await me()).status).toBe(200);
  }, 20_000);
});
