import { expect, test } from '@playwright/test';
import { USERS, expectNoAxeViolations, signInDirectly } from './support/app';

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

test('on a 390 px phone the notice covers no control: the page ends above it; OK gives the focus back', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await signInDirectly(page, '#/projects', USERS.ada.email);
  const notice = page.getByRole('region', { name: 'This website uses essential cookies' });
  await expect(notice).toBeVisible();
  const noticeTop = (await notice.boundingBox())!.y;
  // The nav bar's last link sits at the bottom of the page: above the notice, not under it.
  const preferences = page.getByRole('navigation').getByRole('link', { name: 'Preferences' });
  await preferences.focus();
  const box = (await preferences.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(noticeTop);
  // Every focusable control of the page ends above the notice, once the page has measured it (the projects'
  // rows may render after the notice did, on a loaded machine).
  const hiddenControls = () =>
    page.evaluate((top) => {
      const controls = Array.from(document.querySelectorAll<HTMLElement>('#root a[href], #root button, #root input'));
      return controls
        .filter((control) => !control.closest('.cookie-banner') && control.getClientRects().length > 0)
        .filter((control) => control.getBoundingClientRect().top >= top)
        .map((control) => control.getAttribute('aria-label') ?? control.textContent);
    }, noticeTop);
  await expect.poll(hiddenControls, { timeout: 3_000 }).toEqual([]);

  // From the Preferences link into the notice and OK: the focus goes back to the link, not the page's start.
  await notice.getByRole('link', { name: 'Privacy Policy' }).focus();
  await notice.getByRole('button', { name: 'OK' }).press('Enter');
  await expect(notice).toBeHidden();
  await expect(preferences).toBeFocused();
  await context.close();
});
