import { expect, test } from '@playwright/test';
import { USERS, acceptCookieNotice, expectNoAxeViolations, signInAt } from './support/app';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookieNotice(context, baseURL!);
});

test('a new user accepts the terms and goes on to the projects', async ({ page }) => {
  await signInAt(page, '#/preferences/keybindings', USERS.newcomer.email);

  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByText('The Terms and Conditions must be accepted to use the platform.')).toBeVisible();
  // The tab names the screen on view, not the route under it (Keybindings).
  await expect(page).toHaveTitle('Terms and Conditions | Cloud Compile');
  // Only the terms screen: no header, no nav bar.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const proceed = page.getByRole('button', { name: 'PROCEED' });
  await expect(proceed).toBeDisabled();
  await expectNoAxeViolations(page, 'the terms screen');

  await page.getByRole('checkbox').check();
  const accepted = page.waitForResponse((response) => /\/api\/identity\/update-terms\/\d+$/.test(response.url()));
  await proceed.click();
  expect((await accepted).ok()).toBe(true);

  await expect(page).toHaveURL(/#\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(page).toHaveTitle('Projects | Cloud Compile');

  // Accepted for good: a reload goes straight to the app.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toHaveCount(0);
});

test('a user who accepted an older version is told the terms were revised', async ({ page }) => {
  await signInAt(page, '#/projects', USERS.revised.email);
  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByText('The Terms and Conditions have been revised and must be accepted again.')).toBeVisible();
  await expect(page.getByText(/to use the platform/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'PROCEED' })).toBeDisabled();
  // Over #/projects too. (Rosalind never accepts here: phone-layout.spec.ts needs her terms screen; the title
  // coming back on the same route after accepting is app-shell.test.tsx's.)
  await expect(page).toHaveTitle('Terms and Conditions | Cloud Compile');
});
