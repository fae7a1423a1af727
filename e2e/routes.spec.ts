import { expect, test } from '@playwright/test';
import { E2E_URL } from '../playwright.config';
import { createProject, uniqueName } from './support/api';
import { USERS, acceptCookieNotice, expectNoAxeViolations, menuButton, signInAt, signInDirectly } from './support/app';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookieNotice(context, baseURL!);
});

test('every route has its title, and the redirects land where the spec says', async ({ page }) => {
  await signInAt(page, '#/', USERS.ada.email);

  // `/` redirects to /projects.
  await expect(page).toHaveURL(/#\/projects$/);
  await expect(page).toHaveTitle('Projects | Cloud Compile');
  await expectNoAxeViolations(page, 'the projects page');

  const titled: Array<[string, string, string]> = [
    ['#/projects', 'Projects | Cloud Compile', 'Projects'],
    ['#/preferences/account', 'Account - Preferences | Cloud Compile', 'Account'],
    ['#/preferences/api-keys', 'API Keys - Preferences | Cloud Compile', 'API Keys'],
    ['#/preferences/appearance', 'Appearance - Preferences | Cloud Compile', 'Appearance'],
    ['#/preferences/keybindings', 'Keybindings - Preferences | Cloud Compile', 'Keybindings'],
    ['#/no/such/page', '404 | Cloud Compile', '404'],
  ];
  for (const [hash, title, heading] of titled) {
    await page.goto(`/${hash}`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page, hash).toHaveTitle(title);
  }

  // /preferences (and the header's capitalised /Preferences) land on the account page.
  for (const hash of ['#/preferences', '#/Preferences']) {
    await page.goto(`/${hash}`);
    await expect(page).toHaveURL(/#\/preferences\/account$/);
    await expect(page).toHaveTitle('Account - Preferences | Cloud Compile');
  }
});

// Its own test: together with the route walk above it took 45-60 s on the loaded 2-core machine, at the 60 s limit.
test('editor and builds pages manage their own title: the project name', async ({ page }) => {
  await signInDirectly(page, '#/projects', USERS.ada.email);
  // A project of this test's own: the first row of the list is whichever project another spec (same
  // user, in parallel) touched last, and it changed between reading a row's name and its link.
  const projectName = uniqueName('Titled');
  const projectId = await createProject(page, E2E_URL, projectName);
  for (const hash of [`#/editor/${projectId}`, `#/builds/${projectId}`, `#/builds/${projectId}/0123456789abcdef`]) {
    await page.goto(`/${hash}`);
    await expect(page, hash).toHaveTitle(`${projectName} | Cloud Compile`);
  }
});

test('the 404 page is public: no sign-in, the header shows ?', async ({ page }) => {
  await page.goto('/#/definitely/not/here');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page).toHaveTitle('404 | Cloud Compile');
  await expect(page).not.toHaveURL(/\/app\/login\//);
  await expect(menuButton(page)).toHaveText('?');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the public 404 page');

  // Any other route needs sign-in.
  await page.goto('/#/preferences/api-keys');
  await expect(page).toHaveURL(/\/app\/login\//);
});

test('the shell fits a phone and a wide monitor', async ({ page }) => {
  await signInDirectly(page, '#/projects', USERS.ada.email);
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 2560, height: 1440 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${viewport.width}px`).toBeLessThanOrEqual(0);
    await expect(menuButton(page)).toBeInViewport();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Preferences' }),
    ).toBeInViewport();
  }
  await expectNoAxeViolations(page, 'the projects page on a wide monitor');
});

test('a nav tooltip shown on keyboard focus or hover hides on Escape, and shows again on the next focus', async ({
  page,
}) => {
  await signInDirectly(page, '#/projects', USERS.ada.email);
  const preferences = page.getByRole('navigation').getByRole('link', { name: 'Preferences' });
  const tooltip = page.locator('.tooltip', { hasText: 'Preferences' });
  // Reached from the keyboard, so the focus is visible and shows the tooltip.
  await preferences.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(preferences).toBeFocused();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(preferences).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(tooltip).toBeVisible();

  // On hover too: Escape hides it with the pointer still over the link.
  await page.keyboard.press('Shift+Tab');
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await preferences.hover();
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
});
