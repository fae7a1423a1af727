import { expect, test, type Page } from '@playwright/test';
import { USERS, acceptCookieNotice, expectNoAxeViolations, signInDirectly } from './support/app';

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookieNotice(context, baseURL!);
});

test('dark mode persists across a reload and follows another tab', async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInDirectly(page, '#/preferences/appearance', USERS.ada.email);
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await theme(page)).toBe('light');

  await page.getByRole('radio', { name: 'Dark' }).check();
  expect(await page.evaluate(() => localStorage.getItem('color-scheme'))).toBe('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page, 'the appearance page in dark mode');

  // No flash of the light theme: the stored choice is applied before the app's script runs.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        (window as unknown as { themeAtParse: string | undefined }).themeAtParse =
          document.documentElement.dataset.theme;
      }
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtParse?: string }).themeAtParse)).toBe('dark');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await theme(page)).toBe('dark');

  // A second tab of the same browser: its change applies here at once.
  const other = await context.newPage();
  await other.emulateMedia({ colorScheme: 'light' });
  await other.goto('/#/preferences/appearance');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
  await other.getByRole('radio', { name: 'Light' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();

  // System follows the operating system, and its changes.
  await other.getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
