/** The flag cookie (spec §3, §9): its presence hides the banner. */
export const ACCEPTANCE_COOKIE_NAME = 'cookieBannerAccepted';

/**
 * Browsers keep a `Secure` cookie set from https or from localhost only: the identity cookies follow the
 * same rule (server/src/mock/identity/cookies.ts), so a plain-http LAN demo keeps both.
 */
function isSecureOrigin(url: URL): boolean {
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The flag cookie as written (spec §9): 365 days, site-wide, never sent cross-site, and Secure wherever
 * the browser accepts that; on a plain-http LAN address a Secure cookie would be dropped and the banner
 * would return on every load.
 */
export function acceptanceCookie(page: URL): string {
  const cookie = `${ACCEPTANCE_COOKIE_NAME}=true; max-age=31536000; path=/; SameSite=Strict`;
  return isSecureOrigin(page) ? `${cookie}; Secure` : cookie;
}

/** Whether a `document.cookie` string holds the acceptance flag. */
export function hasAcceptanceCookie(cookieHeader: string): boolean {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .includes(`${ACCEPTANCE_COOKIE_NAME}=true`);
}
