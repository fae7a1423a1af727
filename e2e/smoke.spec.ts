import { expect, test } from '@playwright/test';

test('the gateway serves the built app and its config', async ({ page, request }) => {
  const config = await request.get('/config.json');
  expect(config.ok()).toBe(true);
  expect(await config.json()).toMatchObject({ clientId: expect.any(String), serverUrl: expect.any(String) });
  // What search results and link previews show for the app (Lighthouse's SEO audit asks for it).
  const index = await (await request.get('/')).text();
  expect(index).toMatch(/<meta\s+name="description"\s+content="[^"]*VHDL and Verilog[^"]*"/);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  // Signed out, the app loads and sends the visitor on to sign in: wait for that last page, so the test
  // never ends (and closes its browser context) in the middle of the app's own redirect.
  await expect(page).toHaveURL(/\/app\/login\//);
  await expect(page).toHaveTitle(/Cloud Compile/);
  expect(errors).toEqual([]);
});
