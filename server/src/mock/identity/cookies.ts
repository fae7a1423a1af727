import type { FastifyReply } from 'fastify';
import type { IssuedTokens } from './tokens.js';

/** FusionAuth's hosted-backend cookie names; the React SDK reads `app.at_exp`. */
export const COOKIE = {
  accessToken: 'app.at',
  refreshToken: 'app.rt',
  idToken: 'app.idt',
  accessTokenExpiry: 'app.at_exp',
} as const;

/**
 * Whether the identity cookies get `Secure`: on https, and on localhost (browsers accept Secure
 * cookies from http://localhost). Browsers drop Secure cookies on any other plain-http origin, so a
 * LAN demo at http://192.168.1.10:8080 gets them without.
 */
export function secureCookies(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Every identity cookie: first-party, sent on top-level navigations back from the sign-in page. */
const base = (secure: boolean) => ({ path: '/', secure, sameSite: 'lax' }) as const;

export interface CookieLifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** See {@link secureCookies}. */
  secure: boolean;
}

/**
 * Sets the cookies for freshly issued tokens. A token the session does not get (no refresh token
 * without `offline_access`, no id token without `openid`) has its cookie cleared, so nothing stale
 * from an earlier sign-in lingers.
 */
export function setTokenCookies(reply: FastifyReply, tokens: IssuedTokens, lifetimes: CookieLifetimes): void {
  const accessMaxAge = lifetimes.accessTokenTtlSeconds;
  const BASE = base(lifetimes.secure);
  reply.setCookie(COOKIE.accessToken, tokens.accessToken, { ...BASE, httpOnly: true, maxAge: accessMaxAge });
  reply.setCookie(COOKIE.accessTokenExpiry, String(tokens.accessTokenExpiresAt), { ...BASE, maxAge: accessMaxAge });
  if (tokens.idToken) reply.setCookie(COOKIE.idToken, tokens.idToken, { ...BASE, maxAge: accessMaxAge });
  else reply.clearCookie(COOKIE.idToken, BASE);
  if (tokens.refreshToken) {
    reply.setCookie(COOKIE.refreshToken, tokens.refreshToken, {
      ...BASE,
      httpOnly: true,
      maxAge: lifetimes.refreshTokenTtlSeconds,
    });
  } else {
    reply.clearCookie(COOKIE.refreshToken, { ...BASE, httpOnly: true });
  }
}

/** Sign-out: every identity cookie expires now (Max-Age=0 and an Expires in 1970). */
export function clearTokenCookies(reply: FastifyReply, secure: boolean): void {
  const BASE = base(secure);
  reply.clearCookie(COOKIE.accessToken, { ...BASE, httpOnly: true });
  reply.clearCookie(COOKIE.refreshToken, { ...BASE, httpOnly: true });
  reply.clearCookie(COOKIE.idToken, BASE);
  reply.clearCookie(COOKIE.accessTokenExpiry, BASE);
}
