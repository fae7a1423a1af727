import { expect, test } from '@playwright/test';
import { PLACEHOLDER_LINKS } from '@cloud-compile/shared';
import { USERS, acceptCookieNotice, expectNoAxeViolations, menuButton, signInAt } from './support/app';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookieNotice(context, baseURL!);
});

test('signing in through the mock login page lands back on the hash asked for', async ({ page }) => {
  await signInAt(page, '#/preferences/appearance', USERS.ada.email);

  await expect(page).toHaveURL(/\/#\/preferences\/appearance$/);
  await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
  await expect(page).toHaveTitle('Appearance - Preferences | Cloud Compile');
  // The identity provider's return query is dropped from the address.
  expect(new URL(page.url()).search).toBe('');
  await expect(menuButton(page)).toHaveText(USERS.ada.initials);
  await expectNoAxeViolations(page, 'the appearance preferences');
});

test('the login keeps the state under a random-prefixed key while away', async ({ page }) => {
  await page.goto('/#/editor/42');
  await expect(page).toHaveURL(/\/app\/login\//);
  const stored = await page.evaluate(() => localStorage.getItem('fa-sdk-redirect-value'));
  expect(stored).toMatch(/^[0-9a-f]+:#\/editor\/42$/);
  const loginUrl = new URL(page.url());
  expect(loginUrl.searchParams.get('scope')).toBe('openid email profile offline_access');
  expect(loginUrl.searchParams.get('client_id')).toBeTruthy();
  expect(loginUrl.searchParams.get('redirect_uri')).toBeTruthy();
});

test('the header: home link, title and version, legacy tool, keyboard-operable user menu', async ({ page }) => {
  await signInAt(page, '#/projects', USERS.grace.email);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();

  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '#/');
  await expect(banner).toContainText('Cloud Compile');
  await expect(banner).toContainText('v4.0.1');
  const legacy = banner.getByRole('link', { name: /legacy compile tool.*601/i });
  await expect(legacy).toHaveAttribute('target', '_blank');
  await expect(legacy).toHaveAttribute('rel', /noopener/);
  // The external links are the deployment's (playwright.config.ts sets them), not built into the app.
  await expect(legacy).toHaveAttribute('href', 'https://legacy.e2e.test/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Examples/ })).toHaveAttribute('href', 'https://docs.e2e.test/examples/');
  await expect(nav.getByRole('link', { name: /Documentation/ })).toHaveAttribute('href', 'https://docs.e2e.test/');

  // Keyboard only: focus the menu button, open it, walk to Preferences, follow it.
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Preferences' })).toBeFocused();
  await expectNoAxeViolations(page, 'the open user menu');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/preferences\/account$/i);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(page).toHaveTitle('Account - Preferences | Cloud Compile');

  // Sign out goes through the identity provider's logout and leaves the user signed out.
  await menuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // The logout is a redirect chain; it is over once the identity cookies are gone.
  await expect
    .poll(async () =>
      (await page.context().cookies()).map((cookie) => cookie.name).filter((name) => name.startsWith('app.')),
    )
    .toEqual([]);
  // Logout returns to the app, which (signed out now) starts the login by itself…
  await expect(page).toHaveURL(/\/app\/login\//);
  // …and so does any protected page asked for directly. `commit`: the app's own redirect to the login
  // page may come before the load event, which would count as an interrupted navigation.
  await page.goto('/#/projects', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/app\/login\/.*state=%23%2Fprojects/);
});

test('the nav bar shows Editor and Builds only once a project is loaded', async ({ page }) => {
  await signInAt(page, '#/projects', USERS.ada.email);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Examples/ })).toHaveAttribute('target', '_blank');
  await expect(nav.getByRole('link', { name: /^Documentation/ })).toHaveAttribute('target', '_blank');
  await expect(nav.getByRole('link', { name: 'Preferences' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Editor/ })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: /^Builds/ })).toHaveCount(0);
  expect((await nav.boundingBox())?.width).toBe(64);
  const icon = nav.getByRole('link', { name: 'Projects' }).locator('svg');
  expect(await icon.getAttribute('width')).toBe('20');

  const firstProject = page.getByRole('main').getByRole('link').first();
  await expect(firstProject).toBeVisible();
  const projectName = (await firstProject.textContent())!.trim();
  await firstProject.click();
  await expect(page).toHaveTitle(`${projectName} | Cloud Compile`);
  await expect(nav.getByRole('link', { name: `Editor: ${projectName}` })).toBeVisible();
  await nav.getByRole('link', { name: `Builds: ${projectName}` }).click();
  await expect(page).toHaveURL(/#\/builds\/[^/]+$/);
  await expect(page).toHaveTitle(`${projectName} | Cloud Compile`);
});

test('an incomplete config.json stops the app with the spec messages on a readable screen', async ({ page }) => {
  const links = {
    legacyTool: 'https://legacy.vendor.test/',
    examples: 'https://docs.vendor.test/examples',
    documentation: 'https://docs.vendor.test/',
    terms: 'https://vendor.test/terms',
    privacyPolicy: 'https://vendor.test/privacy',
  };
  await page.route('**/config.json', (route) => route.fulfill({ json: { clientId: 'cloud-compile', links } }));
  await page.goto('/#/projects');
  await expect(page.getByRole('heading', { name: 'Cloud Compile cannot start' })).toBeVisible();
  await expect(page.getByRole('alert').getByRole('listitem')).toHaveText([
    'serverUrl is required',
    'redirectUri is required',
  ]);
  await expect(page).not.toHaveURL(/\/app\/login\//);
  await expectNoAxeViolations(page, 'the configuration error screen');
});

test('a config.json of only the three sign-in keys (spec §5, §7) starts the app, its links at their defaults', async ({
  page,
}) => {
  await page.route('**/config.json', async (route) => {
    const { clientId, serverUrl, redirectUri } = (await (await route.fetch()).json()) as Record<string, string>;
    await route.fulfill({ json: { clientId, serverUrl, redirectUri } });
  });
  await signInAt(page, '#/projects', USERS.ada.email);
  await expect(page.getByRole('table', { name: 'Your projects' })).toBeVisible();
  const legacy = page.getByRole('banner').getByRole('link', { name: /legacy compile tool.*601/i });
  await expect(legacy).toHaveAttribute('href', PLACEHOLDER_LINKS.legacyTool);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /Documentation/ })).toHaveAttribute(
    'href',
    PLACEHOLDER_LINKS.documentation,
  );
});

test('a session that ended elsewhere: the visibility re-read answers 401 and login restarts with the hash', async ({
  page,
  context,
}) => {
  await signInAt(page, '#/preferences/keybindings', USERS.ada.email);
  await expect(page.getByRole('heading', { name: 'Keybindings' })).toBeVisible();
  // The access token goes away while its expiry cookie still says "signed in".
  await context.clearCookies({ name: 'app.at' });
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(/\/app\/login\//);
  expect(await page.evaluate(() => localStorage.getItem('fa-sdk-redirect-value'))).toMatch(
    /:#\/preferences\/keybindings$/,
  );
});

test('a 401 from the API restarts login with the hash kept', async ({ page, context }) => {
  await signInAt(page, '#/preferences/account', USERS.ada.email);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await context.clearCookies({ name: 'app.at' });
  await page.evaluate(() => {
    window.location.hash = '#/projects';
  });
  await expect(page).toHaveURL(/\/app\/login\//);
  expect(await page.evaluate(() => localStorage.getItem('fa-sdk-redirect-value'))).toMatch(/:#\/projects$/);
});
