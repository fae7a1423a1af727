import { expect, test } from '@playwright/test';
import { uniqueName } from './support/api';
import { acceptCookieNotice, expectNoAxeViolations } from './support/app';
import {
  createProjectFromDialog,
  filterBox,
  names,
  openProjects,
  projectRow,
  projectTable,
  rowMenu,
} from './support/projects';

/**
 * The projects list: create, rename and delete from a row, sort and filter, an active build followed,
 * the dark theme, and a new user's empty list. Tests share one gateway (and Ada's projects) and run two at
 * a time: each makes its own projects, named uniquely, and looks only at those.
 */

test('create a project: it opens in the editor and shows in the list', async ({ page }) => {
  await openProjects(page);
  await expect(projectTable(page)).toBeVisible();
  await expectNoAxeViolations(page, 'the projects page (light)');
  const name = uniqueName('Created');
  await createProjectFromDialog(page, name);
  await expect(page).toHaveURL(/#\/editor\/[^/?]+$/);
  const editorUrl = page.url();

  await page.goto('/#/projects');
  const row = projectRow(page, name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('No build history');
  await expect(row).toContainText('(just now)');
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(editorUrl);
});

test('rename a project from its row menu, then delete it after confirming', async ({ page }) => {
  await openProjects(page);
  const name = uniqueName('Rename me');
  await createProjectFromDialog(page, name);
  await page.goto('/#/projects');
  await filterBox(page).fill(name);

  await rowMenu(page, name, 'Rename');
  const dialog = page.getByRole('dialog', { name: 'Rename Project' });
  const field = dialog.getByRole('textbox', { name: 'Project Name' });
  await expect(field).toHaveValue(name);
  await field.fill('');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Project name is required.');
  const renamed = uniqueName('Renamed');
  await field.fill(renamed);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog).toBeHidden();
  await filterBox(page).fill(renamed);
  await expect(projectRow(page, renamed)).toBeVisible();
  await expect(projectTable(page).getByRole('link', { name, exact: true })).toHaveCount(0);

  // Still renamed after a reload: the server has it.
  await page.reload();
  await filterBox(page).fill(renamed);
  await expect(projectRow(page, renamed)).toBeVisible();

  // Delete: Cancel keeps it; Delete removes it.
  await rowMenu(page, renamed, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete Project' });
  await expect(confirm).toContainText(renamed);
  await expectNoAxeViolations(page, 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(projectRow(page, renamed)).toBeVisible();
  await rowMenu(page, renamed, 'Delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(projectRow(page, renamed)).toHaveCount(0);
  await page.reload();
  await filterBox(page).fill(renamed);
  await expect(projectTable(page)).toContainText(`No project name contains “${renamed}”`);
});

test('the row menu opens the builds of a project', async ({ page }) => {
  await openProjects(page);
  await filterBox(page).fill('Adder');
  await rowMenu(page, 'Adder', 'Builds');
  await expect(page).toHaveURL(/#\/builds\/[^/?]+$/);
});

test('sort by each column and filter by name', async ({ page }) => {
  await openProjects(page);
  const tag = uniqueName('Sorting');
  // Created in this order: b first, then a, then c (so the newest is c).
  for (const suffix of ['b', 'a', 'c']) {
    const response = await page.request.post('/api/projects', { data: { name: `${tag} ${suffix}` } });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  const table = projectTable(page);
  await filterBox(page).fill(tag.toUpperCase());
  await expect(table.getByRole('link', { name: new RegExp(tag) })).toHaveCount(3);
  await expect(table.getByRole('link', { name: 'Adder', exact: true })).toHaveCount(0);

  const header = (name: string) => table.getByRole('columnheader', { name });
  // Default: last updated, newest first.
  await expect(header('LAST UPDATED')).toHaveAttribute('aria-sort', 'descending');
  expect(await names(table)).toEqual([`${tag} c`, `${tag} a`, `${tag} b`]);

  await header('NAME').getByRole('button').click();
  await expect(header('NAME')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header('LAST UPDATED')).toHaveAttribute('aria-sort', 'none');
  expect(await names(table)).toEqual([`${tag} a`, `${tag} b`, `${tag} c`]);
  await header('NAME').getByRole('button').click();
  await expect(header('NAME')).toHaveAttribute('aria-sort', 'descending');
  expect(await names(table)).toEqual([`${tag} c`, `${tag} b`, `${tag} a`]);

  await header('LAST UPDATED').getByRole('button').click();
  await header('LAST UPDATED').getByRole('button').click();
  await expect(header('LAST UPDATED')).toHaveAttribute('aria-sort', 'ascending');
  expect(await names(table)).toEqual([`${tag} b`, `${tag} a`, `${tag} c`]);

  // Latest build: a project with builds comes before those without.
  await filterBox(page).fill('');
  await header('LATEST BUILD').getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header('LATEST BUILD')).toHaveAttribute('aria-sort', 'descending');
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Queued at: ');
  await expect(firstRow.getByRole('img')).toHaveAccessibleName(/Succeeded|Failed|Cancelled|Queued|Running/);
  await expect(table.getByRole('row').last()).toContainText('No build history');

  await filterBox(page).fill('no project is called this');
  await expect(table).toContainText('No project name contains “no project is called this”');
  // Read out too: the table is no live region, the filter's status is.
  await expect(page.getByRole('status').filter({ hasText: 'No project name contains' })).toHaveText(
    'No project name contains “no project is called this”.',
  );
  await filterBox(page).fill('Adder');
  await expect(page.getByRole('status').filter({ hasText: 'whose name contains' })).toHaveText(
    /^\d+ projects? whose name contains “Adder”\.$/,
  );
});

test('an active build shows in the list, which follows it until it ends', async ({ page }) => {
  test.setTimeout(90_000);
  await openProjects(page);
  const name = uniqueName('Building');
  const created = await page.request.post('/api/projects', { data: { name, example: 'adder-subtractor' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // A user's builds run one at a time, each for about a second here: the last of eight waits behind
  // the others long enough for the page to open and see it active.
  const queue = () => page.request.post(`/api/projects/${encodeURIComponent(id)}/builds`);
  for (let i = 0; i < 7; i++) expect((await queue()).status()).toBe(201);
  const latest = await queue();
  expect(latest.status()).toBe(201);
  const { id: buildId } = (await latest.json()) as { id: string };

  await page.reload();
  await filterBox(page).fill(name);
  const row = projectRow(page, name);
  await expect(row).toContainText(buildId.slice(-7));
  await expect(row.getByRole('img')).toHaveAccessibleName(/Queued|Running/);
  // No reload: the list refreshes by itself while the build is active.
  await expect(row.getByRole('img')).toHaveAccessibleName(/Succeeded|Failed/, { timeout: 60_000 });
  await row.getByRole('link', { name: new RegExp(buildId.slice(-7)) }).click();
  await expect(page).toHaveURL(new RegExp(`#/builds/${id}/${buildId}$`));
});

test('the projects page passes axe in the dark theme', async ({ page }) => {
  await openProjects(page);
  await page.goto('/#/preferences/appearance');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.goto('/#/projects');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(projectTable(page)).toBeVisible();
  await expectNoAxeViolations(page, 'the projects page (dark)');
  await page.getByRole('button', { name: 'Import Example' }).click();
  await page.getByRole('radio', { name: /Voltage Limiter/ }).check();
  await expectNoAxeViolations(page, 'the Import Example dialog (dark)');
});

test('a new user sees what to do when there are no projects yet', async ({ browser, baseURL }) => {
  // A freshly registered user of the mock identity provider: no projects at all.
  const context = await browser.newContext();
  await acceptCookieNotice(context, baseURL!);
  const page = await context.newPage();
  await page.goto('/#/projects');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(`${uniqueName('empty').replace(/\W/g, '')}@example.com`);
  await page.getByLabel('Name').fill('Empty Projects');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'PROCEED' }).click();

  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the empty projects page');
  await page.getByRole('button', { name: 'Import an example' }).click();
  await expect(page.getByRole('dialog', { name: 'Import Example' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create a project' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Project' })).toBeVisible();
  await context.close();
});
