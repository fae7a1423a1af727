import { expect, test } from '@playwright/test';

test('the gateway serves the built app and its config', async ({ page, request }) => {
  const config = await request.get('/config.json');
  expect(config.ok()).toBe(true);
  expect(await config.json()).toMatchObject({ clientId: expect.any(String), serverUrl: expect.any(String) });

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await expect(page).toHaveTitle(/Cloud Compile/);
  expect(errors).toEqual([]);
});
