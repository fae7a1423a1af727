/**
 * Every path prefix FusionAuth's hosted backend and hosted pages use when they are reached through
 * the gateway on the app's own origin (so identity cookies stay first-party). One list, used by the
 * proxy (MODE=proxy) and checked by tests.
 *
 * - /app          hosted backend: login, register, me, refresh, logout (the React SDK's calls)
 * - /oauth2       authorize, register, callback, logout, token, userinfo, two-factor, passwordless …
 * - /account      self-service account pages (manageAccount)
 * - /password     forgot / change password pages
 * - /email        email verification pages
 * - /registration registration verification pages
 * - /ajax         XHR endpoints the hosted pages' scripts call
 * - /.well-known  OpenID discovery and JWKS
 * - /css /js /images /fonts  the hosted pages' theme assets
 */
export const IDENTITY_PATH_PREFIXES = [
  '/app',
  '/oauth2',
  '/account',
  '/password',
  '/email',
  '/registration',
  '/ajax',
  '/.well-known',
  '/css',
  '/js',
  '/images',
  '/fonts',
] as const;
