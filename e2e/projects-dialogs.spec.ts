import { expect, test } from '@playwright/test';
import { uniqueName } from './support/api';
import { expectNoAxeViolations } from './support/app';
import { createProjectFromDialog, filterBox, names, openProjects, projectRow, projectTable } from './support/projects';

/**
 * The projects page's dialogs from the keyboard and with bad input: a name refused at the field or by the
 * server (nothing lost), where focus goes when a dialog opens and closes, after a create and after a delete.
 */

test('invalid names are refused at the field, the server refusal is shown, and nothing is lost', async ({ page }) => {
  await openProjects(page);
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
  const taken = uniqueName('Taken');
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

test('a project created from the keyboard opens in its editor with the focus on the editor, not the page', async ({
  page,
}) => {
  await openProjects(page);
  const name = uniqueName('Keyboard');
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
  await openProjects(page);
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
  await openProjects(page);
  const prefix = uniqueName('Focus after delete');
  for (const name of [`${prefix} a`, `${prefix} b`]) {
    await createProjectFromDialog(page, name);
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
