/** The flag cookie (spec §3, §9): its presence hides the banner. */
export const ACCEPTANCE_COOKIE_NAME = 'cookieBannerAccepted';

/** 365 days, site-wide, never sent cross-site, HTTPS only (localhost counts as secure). */
export const ACCEPTANCE_COOKIE = `${ACCEPTANCE_COOKIE_NAME}=true; max-age=31536000; path=/; SameSite=Strict; Secure`;

/** Whether a `document.cookie` string holds the acceptance flag. */
export function hasAcceptanceCookie(cookieHeader: string): boolean {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .includes(`${ACCEPTANCE_COOKIE_NAME}=true`);
}
