import { expect, test } from '@playwright/test';
import { E2E_URL } from '../playwright.config';
import { callApi, createProject, uniqueName } from './support/api';
import { expectNoAxeViolations } from './support/app';
import { editorFor, filesList, openEditor, signIn, tab } from './support/editor';

/**
 * The editor's files and typing against the mock gateway: a new file from its template, editing and
 * saving (Ctrl+S, the Save button), a file created from the keyboard, and vim keybindings. Each test
 * makes its own project. Uploads: editor-uploads.spec.ts; unsaved work: editor-unsaved.spec.ts.
 */
test('a new VHDL file starts from the template; an edit is marked, Ctrl+S saves it, and a reload shows it', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Template');
  const projectId = await createProject(page, E2E_URL, name);
  await openEditor(page, projectId, name);
  await expect(page.getByText('No files in this project.')).toBeVisible();
  await expect(page.getByText('SAVE AND BUILD')).toBeVisible();

  // Closed without creating, the dialog gives focus back to the button that opened it.
  const newFile = page.getByRole('button', { name: 'New file' });
  await newFile.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New file' });
  await expect(dialog.getByLabel('File name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(newFile).toBeFocused();

  await newFile.click();
  await dialog.getByLabel('File name').fill('notes.txt');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Use one of these extensions');
  await dialog.getByLabel('File name').fill('top.vhd');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toHaveCount(0);

  const editor = editorFor(page, 'top.vhd');
  await expect(editor).toContainText('architecture Behavioural of CustomInstrument is');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Project: ${name} / top.vhd`);
  await expect(page.getByTestId('status-position')).toHaveText(
    /^Last updated: \d+\/\w{3}\/\d{4} \(just now\) \| Line 1, Col 0$/,
  );

  // Go to line (Ctrl+Alt+G), then type at the end of that line.
  await editor.click();
  await page.keyboard.press('Control+Alt+g');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status-position')).toContainText('Line 3, Col 0');
  await page.keyboard.press('End');
  await page.keyboard.type(' -- edited in the browser');
  await expect(tab(page, 'top.vhd').getByTestId('tab-dirty-mark')).toBeVisible();
  await expect(filesList(page).getByTestId('file-dirty-mark')).toBeVisible();
  await expectNoAxeViolations(page, 'editor with an edited file');

  await page.keyboard.press('Control+s');
  await expect(tab(page, 'top.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Saved top.vhd' })).toBeVisible();
  const saved = await callApi<{ content: string }>(page, E2E_URL, 'GET', `/projects/${projectId}/files/top.vhd`);
  expect(saved.content.split('\n')[2]).toBe('use IEEE.numeric_std.all; -- edited in the browser');

  await page.reload();
  await filesList(page).getByRole('button', { name: 'top.vhd', exact: true }).click();
  await expect(editorFor(page, 'top.vhd')).toContainText('use IEEE.numeric_std.all; -- edited in the browser');
  await expect(tab(page, 'top.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);

  // Saved again from the Save button with the keyboard: the button keeps the focus once nothing is left
  // to save (a disabled one would drop it to the page), and the same "Saved top.vhd" is announced again.
  await editorFor(page, 'top.vhd').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n-- once more');
  await page.keyboard.press('Control+s');
  const status = page.getByRole('status').filter({ hasText: 'Saved top.vhd' });
  await expect(status).toBeVisible();
  await status.evaluate((region) => region.firstElementChild?.setAttribute('data-announced', ''));
  await editorFor(page, 'top.vhd').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' and again');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(tab(page, 'top.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await expect(save).toBeFocused();
  await expect(status).toHaveText('Saved top.vhd');
  await expect(status.locator('[data-announced]')).toHaveCount(0);
});

test('a file created from the keyboard takes the focus in its editor, where typing goes into it', async ({ page }) => {
  await signIn(page);
  const name = uniqueName('Keyboard files');
  const projectId = await createProject(page, E2E_URL, name);
  await openEditor(page, projectId, name);
  // The project's first file (the editor appears), then a second one (the editor changes file).
  for (const file of ['first.vhd', 'second.vhd']) {
    await page.getByRole('button', { name: 'New file' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New file' }).getByLabel('File name')).toBeFocused();
    await page.keyboard.type(file);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New file' })).toHaveCount(0);
    await expect(editorFor(page, file)).toBeFocused();
    await page.keyboard.type(`-- ${file} typed at once\n`);
    await expect(editorFor(page, file).locator('.cm-line').first()).toHaveText(`-- ${file} typed at once`);
  }
});

test('vim keybindings: i inserts, Esc returns to normal mode where x deletes', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('editor-keybindings', 'vim'));
  const name = uniqueName('Vim');
  const projectId = await createProject(page, E2E_URL, name, { 'm.v': 'hello\n' });
  await openEditor(page, projectId, name, '?file=m.v&line=1');
  const editor = editorFor(page, 'm.v');
  await expect(editor).toContainText('hello');
  await editor.click();
  await page.keyboard.press('g');
  await page.keyboard.press('g');
  await page.keyboard.press('0');
  await page.keyboard.press('i');
  await page.keyboard.type('abc');
  await page.keyboard.press('Escape');
  await page.keyboard.press('x');
  await expect(editor).toContainText('abhello');
  await expect(tab(page, 'm.v').getByTestId('tab-dirty-mark')).toBeVisible();
  // Back to the default keybindings, live: "i" is just a letter again.
  await page.evaluate(() => {
    localStorage.setItem('editor-keybindings', 'default');
    window.dispatchEvent(new StorageEvent('storage', { key: 'editor-keybindings' }));
  });
  await editor.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('i');
  await expect(editor).toContainText('iabhello');
});
