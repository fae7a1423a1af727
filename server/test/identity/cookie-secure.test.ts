import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/gateway.js';
import { secureCookies } from '../../src/mock/identity/cookies.js';
import { parseSetCookie } from '../helpers/sign-in.js';

/** Browsers drop Secure cookies on plain http except for localhost: a LAN demo must still sign in. */
describe('mock identity: the Secure cookie attribute follows the public URL', () => {
  it.each([
    ['http://localhost:8080', true],
    ['http://127.0.0.1:8080', true],
    ['http://[::1]:8080', true],
    ['https://demo.example.com', true],
    ['http://192.168.1.10:8080', false],
    ['http://demo.example.com', false],
  ])('%s → Secure %s', (publicUrl, secure) => {
    expect(secureCookies(publicUrl)).toBe(secure);
  });

  async function signInCookies(publicUrl: string) {
    const app = await buildTestApp({ MODE: 'mock', PUBLIC_URL: publicUrl });
    try {
      const query = new URLSearchParams({ client_id: 'cloud-compile', scope: 'openid offline_access' });
      const response = await app.inject({
        method: 'POST',
        url: `/app/login/?${query}`,
        payload: 'email=ada%40example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(302);
      const signIn = ([] as string[]).concat(response.headers['set-cookie'] ?? []).map(parseSetCookie);
      const logout = await app.inject({ method: 'GET', url: `/app/logout/?client_id=cloud-compile` });
      const signOut = ([] as string[]).concat(logout.headers['set-cookie'] ?? []).map(parseSetCookie);
      return { signIn, signOut };
    } finally {
      await app.close();
    }
  }

  it('a plain-http LAN address gets cookies without Secure, so the browser keeps them', async () => {
    const { signIn, signOut } = await signInCookies('http://192.168.1.10:8080');
    expect(signIn.length).toBeGreaterThanOrEqual(4);
    expect(signOut.length).toBe(4);
    for (const cookie of [...signIn, ...signOut]) expect(cookie.secure).toBe(false);
  });

  it('https and localhost keep Secure', async () => {
    for (const url of ['https://demo.example.com', 'http://localhost:8080']) {
      const { signIn, signOut } = await signInCookies(url);
      expect(signIn.length).toBeGreaterThanOrEqual(4);
      for (const cookie of [...signIn, ...signOut]) expect(cookie.secure).toBe(true);
    }
  });
});
