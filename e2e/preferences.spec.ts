import { expect, test, type Page } from '@playwright/test';
import { USERS, acceptCookieNotice, expectNoAxeViolations, signInDirectly } from './support/app';

// Grace's API keys and preferences: no other spec uses her keys, so the list here is this file's own.
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const keyTable = (page: Page) => page.getByRole('table', { name: 'Your API keys' });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookieNotice(context, baseURL!);
});

test('create an API key, copy it, use it within its scopes, then revoke it', async ({
  page,
  context,
  baseURL,
  playwright,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signInDirectly(page, '#/preferences/api-keys', USERS.grace.email);
  await expect(page).toHaveTitle('API Keys - Preferences | Cloud Compile');
  await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();

  const createKey = page.getByRole('button', { name: 'Create API Key' });
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  const nameField = dialog.getByRole('textbox', { name: 'API Key Name' });
  // Closed without creating, the dialog gives focus back to the button that opened it.
  await createKey.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(createKey).toBeFocused();

  await createKey.click();
  // Nothing filled in: both problems shown, nothing sent.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('API key name is required.')).toBeVisible();
  await expect(dialog.getByText('Choose at least one scope.')).toBeVisible();
  await expect(nameField).toBeFocused();
  await expect(dialog.getByRole('checkbox', { name: 'projects:write' })).toHaveAccessibleDescription(
    'Read and write access to user projects, with queue and limited read access to project builds.',
  );

  // Select all, then untick the write scopes: a read-only key.
  const selectAll = dialog.getByRole('checkbox', { name: 'Select all' });
  await selectAll.check();
  for (const scope of ['projects:read', 'projects:write', 'builds:read', 'builds:queue']) {
    await expect(dialog.getByRole('checkbox', { name: scope })).toBeChecked();
  }
  await dialog.getByRole('checkbox', { name: 'projects:write' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'builds:queue' }).uncheck();
  expect(await selectAll.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
  const keyName = unique('Desktop tool');
  await nameField.fill(keyName);
  await expectNoAxeViolations(page, 'the Create API Key dialog');
  // Submitted from the keyboard, Enter in the name field (focus then goes through both dialogs).
  await nameField.press('Enter');

  const created = page.getByRole('dialog', { name: 'API KEY CREATED' });
  await expect(created).toContainText('It cannot be shown again.');
  // Only Done closes it: Escape does not lose the key.
  await page.keyboard.press('Escape');
  await expect(created).toBeVisible();
  await expectNoAxeViolations(page, 'the API KEY CREATED dialog');
  const shown = await created.getByRole('textbox').inputValue();
  expect(shown.length).toBeGreaterThan(16);
  await created.getByRole('button', { name: 'Copy' }).click();
  await expect(created.getByRole('status')).toHaveText('Copied to the clipboard.');
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(shown);
  await created.getByRole('button', { name: 'Done' }).press('Enter');
  await expect(created).toBeHidden();
  // The key's dialog followed the create dialog: Done gives focus back to the button that began it all.
  await expect(createKey).toBeFocused();

  const row = keyTable(page).getByRole('row').filter({ hasText: keyName });
  await expect(row).toContainText('projects:read');
  await expect(row).toContainText('builds:read');
  await expect(row).not.toContainText('projects:write');

  // The key as a bearer token, from outside the browser (no cookies).
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
  const projects = await api.get('/api/projects');
  expect(projects.status()).toBe(200);
  expect(Array.isArray(await projects.json())).toBe(true);
  expect((await api.get('/api/examples')).status()).toBe(200);
  const refused = await api.post('/api/projects', { data: { name: unique('Not allowed') } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toMatch(/lacks the scope/);
  expect((await api.get('/api/api-keys')).status()).toBe(403);

  // Revoke: Cancel keeps it, Revoke removes it, and the key is refused from then on.
  const revoke = row.getByRole('button', { name: `Revoke ${keyName}` });
  await revoke.click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API Key' });
  await expect(confirm).toContainText(keyName);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await revoke.click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  expect((await api.get('/api/projects')).status()).toBe(401);
  await api.dispose();
});

test('API keys sort by name and by creation time', async ({ page }) => {
  await signInDirectly(page, '#/preferences/api-keys', USERS.grace.email);
  const tag = unique('Sort key');
  for (const suffix of ['b', 'a']) {
    const response = await page.request.post('/api/api-keys', {
      data: { name: `${tag} ${suffix}`, scopes: ['builds:read'] },
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  const table = keyTable(page);
  const ours = async () =>
    (await table.locator('tbody .api-key-name').allTextContents()).filter((name) => name.startsWith(tag));
  const header = (name: string) => table.getByRole('columnheader', { name });

  await expect(header('CREATED')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(ours).toEqual([`${tag} a`, `${tag} b`]);
  await header('NAME').getByRole('button').click();
  await expect(header('NAME')).toHaveAttribute('aria-sort', 'ascending');
  expect(await ours()).toEqual([`${tag} a`, `${tag} b`]);
  await header('CREATED').getByRole('button').click();
  await header('CREATED').getByRole('button').click();
  await expect(header('CREATED')).toHaveAttribute('aria-sort', 'ascending');
  expect(await ours()).toEqual([`${tag} b`, `${tag} a`]);
  await expectNoAxeViolations(page, 'the API keys list');

  // Clean up through the page, as a user would.
  for (const suffix of ['a', 'b']) {
    await table.getByRole('button', { name: `Revoke ${tag} ${suffix}` }).click();
    await page.getByRole('dialog', { name: 'Revoke API Key' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(table.getByRole('button', { name: `Revoke ${tag} ${suffix}` })).toHaveCount(0);
  }
});

test('the account page shows who is signed in', async ({ page }) => {
  await signInDirectly(page, '#/preferences', USERS.grace.email);
  await expect(page).toHaveURL(/#\/preferences\/account$/);
  await expect(page).toHaveTitle('Account - Preferences | Cloud Compile');
  const details = page.locator('.account-details');
  await expect(details).toContainText(USERS.grace.name);
  await expect(details).toContainText(USERS.grace.email);
  await expect(page.getByRole('listitem').filter({ hasText: /^admin$/ })).toBeVisible();
  await expect(details).toContainText('Version 2');
  await expectNoAxeViolations(page, 'the account page');

  await page.getByRole('button', { name: 'Manage account' }).click();
  await expect(page).toHaveURL(/\/account\/\?client_id=/);
  await page.goBack();
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Logout returns to the app, which (signed out now) starts sign-in: wait for that last stop, or the
  // next navigation would race the app's own redirect.
  await expect(page).toHaveURL(/\/app\/login\//);
  await page.goto('/#/preferences/account');
  await expect(page).toHaveURL(/\/app\/login\//);
});

test('keybindings persist across a reload and the shortcuts are listed', async ({ page }) => {
  await signInDirectly(page, '#/preferences/keybindings', USERS.grace.email);
  await expect(page).toHaveTitle('Keybindings - Preferences | Cloud Compile');
  await expect(page.getByRole('radio', { name: 'Default' })).toBeChecked();
  await page.getByRole('radio', { name: 'Vim' }).check();
  expect(await page.evaluate(() => localStorage.getItem('editor-keybindings'))).toBe('vim');

  const shortcuts = page.getByRole('table', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('row', { name: /Save and build F8/ })).toBeVisible();
  await expect(shortcuts.getByRole('row', { name: /^Save Ctrl \+ S/ })).toBeVisible();
  await expect(shortcuts.getByRole('row', { name: /Go to line Ctrl \+ Alt \+ G/ })).toBeVisible();
  await expect(shortcuts.getByRole('row', { name: /Search Ctrl \+ F Editor and build logs/ })).toBeVisible();
  await expectNoAxeViolations(page, 'the keybindings page');

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Vim' })).toBeChecked();
  await page.getByRole('radio', { name: 'Emacs' }).check();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Emacs' })).toBeChecked();
});

test('the editor font size persists, beside the colour scheme, in both themes', async ({ page }) => {
  await signInDirectly(page, '#/preferences/appearance', USERS.grace.email);
  await expect(page).toHaveTitle('Appearance - Preferences | Cloud Compile');
  const fontSize = page.getByRole('combobox', { name: 'Editor font size' });
  await expect(fontSize).toHaveValue('14');
  await fontSize.selectOption('18');
  expect(await page.evaluate(() => localStorage.getItem('editor-font-size'))).toBe('18');
  await expect(page.locator('.font-size-preview')).toHaveCSS('font-size', '18px');
  await expectNoAxeViolations(page, 'the appearance page (light)');

  await page.reload();
  await expect(fontSize).toHaveValue('18');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page, 'the appearance page (dark)');
  for (const section of ['account', 'api-keys', 'keybindings']) {
    await page.goto(`/#/preferences/${section}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `the ${section} page (dark)`);
  }
});
