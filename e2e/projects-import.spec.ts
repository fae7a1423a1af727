import { expect, test } from '@playwright/test';
import { uniqueName } from './support/api';
import { expectNoAxeViolations } from './support/app';
import { openProjects } from './support/projects';

/** Import Example: through the dialog, an API without examples (404, Retry), and an import link. */

test('import an example through the dialog', async ({ page }) => {
  await openProjects(page);
  await page.getByRole('button', { name: 'Import Example' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Example' });
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  const choice = dialog.getByRole('radio', { name: /Arithmetic Unit/ });
  await expect(choice).toHaveAccessibleDescription(/Control0/);
  await expect(
    dialog.getByRole('group', { name: 'Example' }).getByText('Verilog', { exact: true }).first(),
  ).toBeVisible();
  await choice.check();
  const field = dialog.getByRole('textbox', { name: 'Project Name' });
  await expect(field).toHaveValue('Arithmetic Unit');
  await expectNoAxeViolations(page, 'the Import Example dialog');
  const name = uniqueName('Imported ALU');
  await field.fill(name);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page).toHaveURL(/#\/editor\//);

  // The project has the example's files.
  const projectId = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
  const files = await page.request.get(`/api/projects/${encodeURIComponent(projectId)}/files`);
  expect(files.ok()).toBe(true);
  expect(((await files.json()) as { name: string }[]).length).toBeGreaterThan(0);
});

test('an API without /api/examples (404): the dialog says so readably and Retry asks again', async ({ page }) => {
  await openProjects(page);
  const missing = { value: true };
  await page.route(/\/api\/examples(\?|$)/, (route) =>
    missing.value ? route.fulfill({ status: 404, json: { detail: 'Not Found' } }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Import Example' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Example' });
  await expect(dialog.getByRole('alert')).toHaveText(
    'The examples could not be loaded: this API does not offer any (it answered 404).',
  );
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await expectNoAxeViolations(page, 'the Import Example dialog without examples');
  missing.value = false;
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByRole('radio', { name: /Arithmetic Unit/ })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('an import link opens the dialog with its example chosen and sets up the hardware', async ({ page }) => {
  await openProjects(page);
  await page.goto('/#/projects?action=import&hardware=mk-go&example=Moving+Average');
  const dialog = page.getByRole('dialog', { name: 'Import Example' });
  await expect(dialog.getByRole('radio', { name: /Moving Average/ })).toBeChecked();
  await expect(dialog.getByText('The project will be set up for the MK Go.')).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Project Name' });
  await expect(field).toHaveValue('Moving Average');
  const name = uniqueName('Linked average');
  await field.fill(name);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(page).toHaveURL(/#\/editor\//);
  const projectId = decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
  const project = await page.request.get(`/api/projects/${encodeURIComponent(projectId)}`);
  expect(((await project.json()) as { config: { hardware: string } }).config.hardware).toBe('mk-go');

  // Closing forgets the link; an unknown example is said so.
  await page.goto('/#/projects?action=import&example=No+Such+Example');
  await expect(
    dialog.getByText('There is no example named “No Such Example”. Choose one from the list.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/projects$/);
});
