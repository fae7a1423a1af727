import { expect, test } from '@playwright/test';
import { USERS, signInAt } from './support/app';
import { ownGatewayPort } from './support/own-gateway';
import { startGateway, type StartedGateway } from './support/gateway';

// A gateway of its own with 12-second access tokens: the SDK refreshes 10 s before expiry, so
// every ~2 s, and a page that did not refresh would be signed out within the test.
const PORT = ownGatewayPort('token-refresh');
const ORIGIN = `http://localhost:${PORT}`;
let gateway: StartedGateway | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  gateway = await startGateway(PORT, { MOCK_TOKEN_TTL_SECONDS: '12' });
});

test.afterAll(async () => {
  await gateway?.close();
});

test('a short token lifetime is refreshed without the user noticing', async ({ page, context }) => {
  test.setTimeout(60_000);
  await context.addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: ORIGIN }]);
  await signInAt(page, '#/preferences/appearance', USERS.ada.email, ORIGIN);
  await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();

  const expiry = async () => Number((await context.cookies(ORIGIN)).find((c) => c.name === 'app.at_exp')?.value);
  const firstExpiry = await expiry();
  expect(firstExpiry).toBeGreaterThan(Date.now() / 1000);

  // From here on the page must never leave the app: no login, no reload.
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/app/refresh/') refreshes.push(response.status());
  });

  // Wait past the first token's expiry, 3 s beyond it: timed from that expiry, not from here (the
  // sign-in and page load already spent part of the token's 12 s).
  await page.waitForTimeout(firstExpiry * 1000 + 3_000 - Date.now());

  expect(await expiry()).toBeGreaterThan(firstExpiry);
  expect(await expiry()).toBeGreaterThan(Date.now() / 1000);
  expect(refreshes.length).toBeGreaterThan(0);
  expect(refreshes.every((status) => status >= 200 && status < 300)).toBe(true);
  expect(navigations.filter((url) => !url.startsWith(`${ORIGIN}/#/preferences/appearance`))).toEqual([]);
  await expect(page).toHaveURL(`${ORIGIN}/#/preferences/appearance`);
  await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveText(USERS.ada.initials);

  // Still signed in as far as the API is concerned.
  const me = await page.evaluate(async () => (await fetch('/app/me/', { credentials: 'include' })).status);
  expect(me).toBe(200);
});
