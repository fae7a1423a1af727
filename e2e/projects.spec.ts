import { expect, test, type Locator, type Page } from '@playwright/test';
import { USERS, acceptCookieNotice, expectNoAxeViolations, signInAt } from './support/app';

// Tests share one gateway (and Ada's projects) and run two at a time: each makes its own projects,
// named uniquely, and looks only at those.
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const projectTable = (page: Page) => page.getByRole('table', { name: 'Your projects' });
const projectRow = (page: Page, name: string) =>
  projectTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter by name' });

async function createProject(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Project' });
  await dialog.getByRole('textbox', { name: 'Project Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

async function rowMenu(page: Page, name: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The project names in the table's order. */
const names = (table: Locator) => table.locator('tbody td:first-child').allTextContents();

test.beforeEach(async ({ context, baseURL, page }) => {
  await acceptCookieNotice(context, baseURL!);
  await signInAt(page, '#/projects', USERS.ada.email);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
});

test('create a project: it opens in the editor and shows in the list', async ({ page }) => {
  await expect(projectTable(page)).toBeVisible();
  await expectNoAxeViolations(page, 'the projects page (light)');
  const name = unique('Created');
  await createProject(page, name);
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

test('invalid names are refused at the field, the server refusal is shown, and nothing is lost', async ({ page }) => {
  await page.getByRole('button', { name: 'Create Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Project' });
  const field = dialog.getByRole('textbox', { name: 'Project Name' });
  const create = dialog.getByRole('button', { name: 'Create' });

  await create.click();
  await expect(dialog.getByRole('alert')).toHaveText('Project name is required.');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill('    ');
  await expect(dialog.getByRole('alert')).toHaveText('Project name cannot be only spaces.');
  await field.fill('x'.repeat(101));
  await expect(dialog.getByRole('alert')).toHaveText('Project name must be at most 100 characters (it has 101).');
  await expectNoAxeViolations(page, 'the Create Project dialog with an error');

  // A name already taken: the server's 409, shown at the field; the dialog and the text stay.
  const taken = unique('Taken');
  await field.fill(taken);
  await create.click();
  await expect(page).toHaveURL(/#\/editor\//);
  await page.goto('/#/projects');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await field.fill(taken.toUpperCase());
  await create.click();
  await expect(dialog.getByRole('alert')).toHaveText(`A project named ${taken} already exists`);
  await expect(field).toHaveValue(taken.toUpperCase());
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('rename a project from its row menu, then delete it after confirming', async ({ page }) => {
  const name = unique('Rename me');
  await createProject(page, name);
  await page.goto('/#/projects');
  await filterBox(page).fill(name);

  await rowMenu(page, name, 'Rename');
  const dialog = page.getByRole('dialog', { name: 'Rename Project' });
  const field = dialog.getByRole('textbox', { name: 'Project Name' });
  await expect(field).toHaveValue(name);
  await field.fill('');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Project name is required.');
  const renamed = unique('Renamed');
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

test('a project created from the keyboard opens in its editor with the focus on the editor, not the page', async ({
  page,
}) => {
  const name = unique('Keyboard');
  await page.getByRole('button', { name: 'Create Project' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Create Project' }).getByRole('textbox')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/editor\/[^/?]+$/);
  // The editor's title says where the user is; Tab goes on to the editor's controls, not from the page's top.
  const title = page.getByRole('heading', { level: 1, name: `Project: ${name}` });
  await expect(title).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeFocused();
});

test('each dialog opens on its first field, and closing gives focus back to what opened it', async ({ page }) => {
  // Create Project, from the keyboard: typing lands in the name field; Escape returns to the button.
  const create = page.getByRole('button', { name: 'Create Project' });
  await create.focus();
  await page.keyboard.press('Enter');
  const createDialog = page.getByRole('dialog', { name: 'Create Project' });
  const createName = createDialog.getByRole('textbox', { name: 'Project Name' });
  await expect(createName).toBeFocused();
  await page.keyboard.type('Typed at once');
  await expect(createName).toHaveValue('Typed at once');
  await page.keyboard.press('Escape');
  await expect(createDialog).toBeHidden();
  await expect(create).toBeFocused();

  // Import Example: the first field is the example to copy; the arrows choose one. Cancel returns.
  const importButton = page.getByRole('button', { name: 'Import Example' });
  await importButton.focus();
  await page.keyboard.press('Enter');
  const importDialog = page.getByRole('dialog', { name: 'Import Example' });
  const choices = importDialog.getByRole('radio');
  await expect(choices.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(choices.nth(1)).toBeChecked();
  await expect(importDialog.getByRole('textbox', { name: 'Project Name' })).not.toHaveValue('');
  await importDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(importDialog).toBeHidden();
  await expect(importButton).toBeFocused();

  // Rename, from a row's menu: the name is selected, so typing replaces it; focus returns to the menu's button.
  await filterBox(page).fill('Adder');
  const actions = page.getByRole('button', { name: 'Actions for Adder', exact: true });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Rename' }).press('Enter');
  const renameDialog = page.getByRole('dialog', { name: 'Rename Project' });
  const renameField = renameDialog.getByRole('textbox', { name: 'Project Name' });
  await expect(renameField).toBeFocused();
  await page.keyboard.type('Not kept');
  await expect(renameField).toHaveValue('Not kept');
  await page.keyboard.press('Escape');
  await expect(renameDialog).toBeHidden();
  await expect(actions).toBeFocused();
  await expect(projectRow(page, 'Adder')).toBeVisible();
});

test('after a delete confirmed from the keyboard, focus goes to the row in its place, then to the heading', async ({
  page,
}) => {
  const prefix = unique('Focus after delete');
  for (const name of [`${prefix} a`, `${prefix} b`]) {
    await createProject(page, name);
    await page.goto('/#/projects');
  }
  await filterBox(page).fill(prefix);
  await expect(projectTable(page).locator('tbody tr')).toHaveCount(2);
  const [first, second] = await names(projectTable(page));

  const deleteFromKeyboard = async (name: string) => {
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Project' });
    await confirm.getByRole('button', { name: 'Delete' }).press('Enter');
    await expect(confirm).toBeHidden();
    await expect(projectRow(page, name)).toHaveCount(0);
  };
  // Not <body>: the next project's menu button, where a keyboard user goes on.
  await deleteFromKeyboard(first!);
  await expect(page.getByRole('button', { name: `Actions for ${second}`, exact: true })).toBeFocused();
  // The last one: nothing left in the list, so the page's heading.
  await deleteFromKeyboard(second!);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeFocused();
});

test('the row menu opens the builds of a project', async ({ page }) => {
  await filterBox(page).fill('Adder');
  await rowMenu(page, 'Adder', 'Builds');
  await expect(page).toHaveURL(/#\/builds\/[^/?]+$/);
});

test('import an example through the dialog', async ({ page }) => {
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
  const name = unique('Imported ALU');
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
  await page.goto('/#/projects?action=import&hardware=mk-go&example=Moving+Average');
  const dialog = page.getByRole('dialog', { name: 'Import Example' });
  await expect(dialog.getByRole('radio', { name: /Moving Average/ })).toBeChecked();
  await expect(dialog.getByText('The project will be set up for the MK Go.')).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Project Name' });
  await expect(field).toHaveValue('Moving Average');
  const name = unique('Linked average');
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

test('sort by each column and filter by name', async ({ page }) => {
  const tag = unique('Sorting');
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
  const name = unique('Building');
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
  await page.getByLabel('Email').fill(`${unique('empty').replace(/\W/g, '')}@example.com`);
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
