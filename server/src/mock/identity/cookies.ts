import type { FastifyReply } from 'fastify';
import type { IssuedTokens } from './tokens.js';

/** FusionAuth's hosted-backend cookie names; the React SDK reads `app.at_exp`. */
export const COOKIE = {
  accessToken: 'app.at',
  refreshToken: 'app.rt',
  idToken: 'app.idt',
  accessTokenExpiry: 'app.at_exp',
} as const;

/** Every identity cookie: first-party, sent on top-level navigations back from the sign-in page. */
const BASE = { path: '/', secure: true, sameSite: 'lax' } as const;

export interface CookieLifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

/**
 * Sets the cookies for freshly issued tokens. A token the session does not get (no refresh token
 * without `offline_access`, no id token without `openid`) has its cookie cleared, so nothing stale
 * from an earlier sign-in lingers.
 */
export function setTokenCookies(reply: FastifyReply, tokens: IssuedTokens, lifetimes: CookieLifetimes): void {
  const accessMaxAge = lifetimes.accessTokenTtlSeconds;
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
export function clearTokenCookies(reply: FastifyReply): void {
  reply.clearCookie(COOKIE.accessToken, { ...BASE, httpOnly: true });
  reply.clearCookie(COOKIE.refreshToken, { ...BASE, httpOnly: true });
  reply.clearCookie(COOKIE.idToken, BASE);
  reply.clearCookie(COOKIE.accessTokenExpiry, BASE);
}
