import { expect, test } from '@playwright/test';
import { E2E_URL } from '../playwright.config';
import { callApi, createProject, uniqueName } from './support/api';
import { expectNoAxeViolations } from './support/app';
import { editorFor, filesList, openEditor, signIn, tab } from './support/editor';

/**
 * Getting files into a project and managing them: upload with the Choose button and by dropping on the
 * Files panel, a name that already exists (Replace or Skip), rename and delete. Each test makes its
 * own project.
 */
test('files: two uploaded with the Choose button, one dropped on the panel, then renamed and deleted', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Uploads');
  const projectId = await createProject(page, E2E_URL, name);
  await openEditor(page, projectId, name);

  await page.getByRole('button', { name: 'Upload files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload files' });
  await expect(dialog).toContainText(
    'You can upload .vhd, .v, .sv, .xdc, .xci, and .coe files, and IP templates (.vho, .veo) as references.',
  );
  await dialog.getByLabel('Files to upload').setInputFiles([
    { name: 'counter.vhd', mimeType: 'text/plain', buffer: Buffer.from('-- counter\n') },
    { name: 'pins.xdc', mimeType: 'text/plain', buffer: Buffer.from('# pins\n') },
    { name: 'readme.md', mimeType: 'text/plain', buffer: Buffer.from('no') },
  ]);
  const uploads = dialog.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('Uploaded')).toHaveCount(2);
  await expect(uploads.locator('li', { hasText: 'readme.md' })).toContainText('Use one of these extensions');
  await expectNoAxeViolations(page, 'upload dialog');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeFocused();
  await expect(filesList(page).getByRole('button', { name: 'counter.vhd', exact: true })).toBeVisible();
  await expect(filesList(page).getByRole('button', { name: 'pins.xdc', exact: true })).toBeVisible();

  // Drag and drop straight onto the Files panel.
  await page.evaluate(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['module m; endmodule\n'], 'dropped.v', { type: 'text/plain' }));
    const panel = document.querySelector('.files-panel')!;
    panel.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    panel.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  });
  await expect(dialog.getByRole('list', { name: 'Uploads' }).locator('li', { hasText: 'dropped.v' })).toContainText(
    'Uploaded',
  );
  await page.keyboard.press('Escape');
  await expect(filesList(page).getByRole('button', { name: 'dropped.v', exact: true })).toBeVisible();

  // Rename an open file: the list and the tab follow.
  await filesList(page).getByRole('button', { name: 'pins.xdc', exact: true }).click();
  await expect(editorFor(page, 'pins.xdc')).toContainText('# pins');
  await page.getByRole('button', { name: 'Actions for pins.xdc' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename pins.xdc' });
  // Ctrl+S in a dialog saves nothing, and the browser's "Save page" does not open either.
  await page.evaluate(() => {
    const seen: boolean[] = [];
    (window as unknown as { ctrlSPrevented: boolean[] }).ctrlSPrevented = seen;
    window.addEventListener('keydown', (event) => {
      if (event.ctrlKey && event.key === 's') seen.push(event.defaultPrevented);
    });
  });
  await rename.getByLabel('File name').press('Control+s');
  expect(await page.evaluate(() => (window as unknown as { ctrlSPrevented: boolean[] }).ctrlSPrevented)).toEqual([
    true,
  ]);
  await expect(rename).toBeVisible();
  await rename.getByLabel('File name').fill('counter.vhd');
  await expect(rename.getByRole('alert')).toHaveText('A file called counter.vhd already exists.');
  await rename.getByLabel('File name').fill('constraints.xdc');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(filesList(page).getByRole('button', { name: 'constraints.xdc', exact: true })).toBeVisible();
  await expect(filesList(page).getByRole('button', { name: 'pins.xdc', exact: true })).toHaveCount(0);
  await expect(tab(page, 'constraints.xdc')).toBeVisible();
  await expect(editorFor(page, 'constraints.xdc')).toContainText('# pins');

  // Delete asks first, then closes the tab and removes the file.
  await page.getByRole('button', { name: 'Actions for constraints.xdc' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete file' });
  await expect(confirm).toContainText('Delete constraints.xdc? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(filesList(page).getByRole('button', { name: 'constraints.xdc', exact: true })).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'Open files' })).toHaveCount(0);
  const files = await callApi<{ name: string }[]>(page, E2E_URL, 'GET', `/projects/${projectId}/files`);
  expect(files.map((f) => f.name).sort()).toEqual(['counter.vhd', 'dropped.v']);
});

test('an upload over a file the project has asks: Replace (the editor shows the new content, unsaved edits named first) or Skip', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Replace');
  const projectId = await createProject(page, E2E_URL, name, {
    'adder.vhd': '-- old adder\n',
    'pins.xdc': '# old pins\n',
  });
  await openEditor(page, projectId, name, '?file=adder.vhd&line=1');
  await editorFor(page, 'adder.vhd').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('-- typed, not saved');
  await expect(tab(page, 'adder.vhd').getByTestId('tab-dirty-mark')).toBeVisible();

  await page.getByRole('button', { name: 'Upload files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload files' });
  await dialog.getByLabel('Files to upload').setInputFiles([
    { name: 'adder.vhd', mimeType: 'text/plain', buffer: Buffer.from('-- new adder\n') },
    { name: 'pins.xdc', mimeType: 'text/plain', buffer: Buffer.from('# new pins\n') },
    { name: 'fresh.v', mimeType: 'text/plain', buffer: Buffer.from('module fresh; endmodule\n') },
  ]);
  const uploads = dialog.getByRole('list', { name: 'Uploads' });
  await expect(uploads.locator('li', { hasText: 'fresh.v' })).toContainText('Uploaded');
  await expect(uploads.locator('li', { hasText: 'adder.vhd' })).toContainText(
    'A file called adder.vhd already exists. It has unsaved changes in the editor: replacing it discards them.',
  );
  await expect(uploads.locator('li', { hasText: 'pins.xdc' })).toContainText('A file called pins.xdc already exists.');
  await expect(dialog.getByRole('status')).toHaveText('2 files already exist: replace or skip each.');
  await expectNoAxeViolations(page, 'upload dialog asking to replace');

  // By keyboard: Replace the first; the focus goes on to the next question, whose Skip is one Tab away.
  await dialog.getByRole('button', { name: 'Replace adder.vhd' }).focus();
  await page.keyboard.press('Enter');
  await expect(uploads.locator('li', { hasText: 'adder.vhd' })).toContainText('Replaced');
  await expect(dialog.getByRole('button', { name: 'Replace pins.xdc' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Skip pins.xdc' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(uploads.locator('li', { hasText: 'pins.xdc' })).toContainText('Skipped');
  await expect(dialog.getByRole('button', { name: 'Choose files' })).toBeFocused();
  await expect(dialog.getByRole('status')).toHaveText('2 of 3 uploaded');
  await page.keyboard.press('Escape');

  // Replaced: the open tab shows the uploaded content, clean; skipped: the project's file is as it was.
  await expect(editorFor(page, 'adder.vhd')).toHaveText('-- new adder');
  await expect(tab(page, 'adder.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);
  const content = async (file: string) =>
    (await callApi<{ content: string }>(page, E2E_URL, 'GET', `/projects/${projectId}/files/${file}`)).content;
  expect(await content('adder.vhd')).toBe('-- new adder\n');
  expect(await content('pins.xdc')).toBe('# old pins\n');
  await filesList(page).getByRole('button', { name: 'pins.xdc', exact: true }).click();
  await expect(editorFor(page, 'pins.xdc')).toHaveText('# old pins');
  // The discarded edit leaves no draft behind to be offered back later.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('editor-draft:')).length))
    .toBe(0);
});
