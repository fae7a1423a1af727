import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/app';

test('the cookie notice sets its flag cookie with the right attributes and stays away after', async ({
  page,
  context,
}) => {
  // The 404 page is public, so the notice can be checked without signing in.
  await page.goto('/#/no-such-page');
  const notice = page.getByRole('region', { name: 'This website uses essential cookies' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('secure and reliable login');
  await expect(notice).toContainText('cannot be disabled');
  await expect(notice.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(notice.getByRole('button')).toHaveText(['OK']);
  await expectNoAxeViolations(page, 'the cookie notice');

  // Shown again on each load while the cookie is absent.
  await page.reload();
  await expect(notice).toBeVisible();

  const before = Date.now() / 1000;
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();

  const flag = (await context.cookies()).find((cookie) => cookie.name === 'cookieBannerAccepted');
  expect(flag).toMatchObject({ value: 'true', path: '/', sameSite: 'Strict', secure: true });
  expect(flag!.expires).toBeGreaterThan(before + 31536000 - 60);
  expect(flag!.expires).toBeLessThan(before + 31536000 + 60);

  await page.reload();
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
