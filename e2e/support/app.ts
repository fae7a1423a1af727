import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** The fixture users of fixtures/users.yaml, by what they show. */
export const USERS = {
  ada: { email: 'ada@example.com', name: 'Ada Lovelace', initials: 'AL' },
  grace: { email: 'grace@example.com', name: 'Grace Hopper', initials: 'GH' },
  newcomer: { email: 'new@example.com', name: 'Newton Newcomer', initials: 'NN' },
  revised: { email: 'revised@example.com', name: 'Rosalind Revised', initials: 'RR' },
} as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Opens `hash` signed out, follows the app to the mock identity provider's login page, and signs in
 * as `email` there (one button per fixture user). Returns once the browser is back on the app.
 */
export async function signInAt(page: Page, hash: string, email: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/${hash}`);
  await expect(page).toHaveURL(/\/app\/login\//);
  await page.getByRole('button', { name: new RegExp(escapeRegExp(email), 'i') }).click();
  await expect(page).not.toHaveURL(/\/app\/login\//);
  // Back on the app, the SDK's onRedirect drops `?state=…` and restores the hash. Wait for it, or a
  // navigation the test makes next could be overtaken by that restore.
  await expect(page).toHaveURL((url) => !url.searchParams.has('state'));
}

/**
 * Signs in as `email` without the browser's round trip through the login page: the page's request
 * context posts the login form the mock identity provider's page would (the SDK's scope, so the session
 * refreshes as a browser's does), its cookies land in the browser context, and the page then opens
 * `hash`. For tests whose subject comes after the sign-in: it saves two page loads of the app and one of
 * the login page per test. The sign-in itself (redirects, the page, the hash restored) is what
 * sign-in.spec, terms.spec and routes.spec test with {@link signInAt}.
 */
export async function signInDirectly(page: Page, hash: string, email: string, origin = ''): Promise<void> {
  const { clientId } = (await (await page.request.get(`${origin}/config.json`)).json()) as { clientId: string };
  const query = new URLSearchParams({ client_id: clientId, scope: 'openid email profile offline_access' });
  const response = await page.request.post(`${origin}/app/login/?${query}`, { form: { email }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${email}: ${await response.text()}`).toBe(302);
  await page.goto(`${origin}/${hash}`);
}

/** Marks the cookie notice as accepted, so it does not cover the screens a test looks at. */
export async function acceptCookieNotice(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: baseURL }]);
}

/** axe-core finds no WCAG A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // Colours are judged on a settled page: mid-transition (a toast fading in) text is partly transparent.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(violations, `axe violations on ${screen}`).toEqual([]);
}

/** The avatar button of the header. */
export const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
