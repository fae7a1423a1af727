import { expect, test, type Page } from '@playwright/test';
import { E2E_URL } from '../playwright.config';
import { USERS, acceptCookieNotice, expectNoAxeViolations, signInAt } from './support/app';

/**
 * The editor page against the mock gateway: files (template, upload, drag-and-drop, rename, delete),
 * editing and saving, drafts, save conflicts, leave prompts, keybindings, and the build pieces placed
 * in it (F8, the toast, the live log, a failing build's file:line link). Each test makes its own
 * project, except the last, which only reads the seed project whose builds fail.
 */

const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function callApi<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  apiPath: string,
  body?: unknown,
  contentType?: string,
) {
  const response = await page.request.fetch(`${E2E_URL}/api${apiPath}`, {
    method,
    data: body,
    headers: contentType ? { 'Content-Type': contentType } : undefined,
  });
  expect(response.ok(), `${method} ${apiPath}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function createProject(page: Page, name: string, files: Record<string, string> = {}): Promise<string> {
  const { id } = await callApi<{ id: string }>(page, 'POST', '/projects', { name });
  for (const [file, content] of Object.entries(files)) {
    await callApi(page, 'POST', `/projects/${id}/files/${encodeURIComponent(file)}`, content, 'text/plain');
  }
  return id;
}

async function signIn(page: Page) {
  await acceptCookieNotice(page.context(), E2E_URL);
  await signInAt(page, '#/projects', USERS.ada.email);
}

const editorFor = (page: Page, file: string) => page.getByRole('textbox', { name: `Editor: ${file}` });
const tab = (page: Page, file: string) =>
  page
    .getByRole('tablist', { name: 'Open files' })
    .getByRole('tab', { name: new RegExp(`^${file.replace('.', '\\.')}\\b`) });
const filesList = (page: Page) => page.getByRole('list', { name: 'Project files' });

async function openEditor(page: Page, projectId: string, name: string, query = '') {
  await page.goto(`${E2E_URL}/#/editor/${projectId}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Project: ${name}`) })).toBeVisible();
}

test('a new VHDL file starts from the template; an edit is marked, Ctrl+S saves it, and a reload shows it', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Template');
  const projectId = await createProject(page, name);
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
  const saved = await callApi<{ content: string }>(page, 'GET', `/projects/${projectId}/files/top.vhd`);
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
  const projectId = await createProject(page, name);
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

test('files: two uploaded with the Choose button, one dropped on the panel, then renamed and deleted', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Uploads');
  const projectId = await createProject(page, name);
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
  const files = await callApi<{ name: string }[]>(page, 'GET', `/projects/${projectId}/files`);
  expect(files.map((f) => f.name).sort()).toEqual(['counter.vhd', 'dropped.v']);
});

test('unsaved edits survive a reload as a draft that is offered back', async ({ page }) => {
  await signIn(page);
  const name = uniqueName('Draft');
  const projectId = await createProject(page, name, { 'adder.vhd': '-- adder\n' });
  await openEditor(page, projectId, name);
  await filesList(page).getByRole('button', { name: 'adder.vhd', exact: true }).click();
  const editor = editorFor(page, 'adder.vhd');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('-- typed before the reload');
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('editor-draft:')).length))
    .toBe(1);

  // Reloading with unsaved changes gets the browser's leave prompt.
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(prompts).toEqual(['beforeunload']);

  const banner = page.getByRole('region', { name: 'Unsaved draft of adder.vhd' });
  await expect(banner).toContainText('Unsaved changes to adder.vhd from');
  await expect(editorFor(page, 'adder.vhd')).not.toContainText('typed before the reload');
  await expectNoAxeViolations(page, 'editor offering a draft');
  // Typing before answering keeps the offer, and the kept draft is not overwritten meanwhile.
  await editorFor(page, 'adder.vhd').click();
  await page.keyboard.type('Z');
  await expect(tab(page, 'adder.vhd').getByTestId('tab-dirty-mark')).toBeVisible();
  await page.waitForTimeout(800); // longer than the draft-writing delay
  await expect(banner).toBeVisible();
  const kept = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([key]) => key.startsWith('editor-draft:'))
      .map(([, value]) => value),
  );
  expect(kept).toHaveLength(1);
  expect(kept[0]).toContain('-- typed before the reload');
  await banner.getByRole('button', { name: 'Restore draft' }).click();
  await expect(banner).toHaveCount(0);
  await expect(editorFor(page, 'adder.vhd')).toContainText('-- typed before the reload');
  await expect(tab(page, 'adder.vhd').getByTestId('tab-dirty-mark')).toBeVisible();

  await page.keyboard.press('Control+s');
  await expect(tab(page, 'adder.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('editor-draft:')).length))
    .toBe(0);
  const saved = await callApi<{ content: string }>(page, 'GET', `/projects/${projectId}/files/adder.vhd`);
  expect(saved.content).toBe('-- adder\n-- typed before the reload');
});

test('an address typed over the editor with unsaved changes loses nothing: the edit is there on return, and kept as a draft', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Typed address');
  const projectId = await createProject(page, name, { 'a.vhd': 'original\n' });
  await openEditor(page, projectId, name);
  await filesList(page).getByRole('button', { name: 'a.vhd', exact: true }).click();
  await editorFor(page, 'a.vhd').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('-- typed, then the address bar');
  // A new hash typed into the address bar: the router cannot hold that navigation for the
  // unsaved-changes dialog (it did not make the history entry), so the edit must not be lost.
  await page.evaluate(() => (window.location.hash = '#/projects'));
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const drafts = () =>
    page.evaluate(() =>
      Object.entries(localStorage)
        .filter(([key]) => key.startsWith('editor-draft:'))
        .map(([, value]) => value),
    );
  // Written as the editor closed (not only after the typing pause): a tab closed now would keep it too.
  expect(await drafts()).toEqual([expect.stringContaining('-- typed, then the address bar')]);
  await openEditor(page, projectId, name);
  await expect(editorFor(page, 'a.vhd')).toContainText('-- typed, then the address bar');
  await expect(tab(page, 'a.vhd').getByTestId('tab-dirty-mark')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(tab(page, 'a.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);
  expect((await callApi<{ content: string }>(page, 'GET', `/projects/${projectId}/files/a.vhd`)).content).toBe(
    'original\n-- typed, then the address bar',
  );
  await expect.poll(drafts).toEqual([]);
});

test('a save over a version saved elsewhere asks which to keep; leaving with unsaved changes asks first', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Conflict');
  const projectId = await createProject(page, name, { 'a.vhd': 'original\n', 'b.vhd': 'second\n' });
  await openEditor(page, projectId, name);
  await filesList(page).getByRole('button', { name: 'a.vhd', exact: true }).click();
  await editorFor(page, 'a.vhd').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('mine');
  // Someone else saves the file meanwhile.
  await callApi(page, 'PUT', `/projects/${projectId}/files/a.vhd`, 'theirs\n', 'text/plain');

  await page.keyboard.press('Control+s');
  const conflict = page.getByRole('dialog', { name: 'a.vhd changed elsewhere' });
  await expect(conflict).toBeVisible();
  await expectNoAxeViolations(page, 'save conflict dialog');
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(tab(page, 'a.vhd').getByTestId('tab-dirty-mark')).toBeVisible();
  expect((await callApi<{ content: string }>(page, 'GET', `/projects/${projectId}/files/a.vhd`)).content).toBe(
    'theirs\n',
  );

  await page.keyboard.press('Control+s');
  await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(tab(page, 'a.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);
  expect((await callApi<{ content: string }>(page, 'GET', `/projects/${projectId}/files/a.vhd`)).content).toBe(
    'original\nmine',
  );

  // The other choice: their version replaces mine in the editor.
  await editorFor(page, 'a.vhd').click();
  await page.keyboard.type('X');
  await callApi(page, 'PUT', `/projects/${projectId}/files/a.vhd`, 'newer elsewhere\n', 'text/plain');
  await page.keyboard.press('Control+s');
  await conflict.getByRole('button', { name: 'Discard mine, load theirs' }).click();
  await expect(editorFor(page, 'a.vhd')).toHaveText('newer elsewhere');
  await expect(tab(page, 'a.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);

  // Leaving with unsaved changes: Stay keeps them; Discard changes leaves without saving.
  await editorFor(page, 'a.vhd').click();
  await page.keyboard.type('unsaved ');
  await page.getByRole('link', { name: 'Projects' }).first().click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(leave).toContainText('a.vhd has unsaved changes.');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`#/editor/${projectId}`));
  await expect(tab(page, 'a.vhd').getByTestId('tab-dirty-mark')).toBeVisible();
  await page.getByRole('link', { name: 'Projects' }).first().click();
  await leave.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/#\/projects$/);
  expect((await callApi<{ content: string }>(page, 'GET', `/projects/${projectId}/files/a.vhd`)).content).toBe(
    'newer elsewhere\n',
  );
});

test('vim keybindings: i inserts, Esc returns to normal mode where x deletes', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('editor-keybindings', 'vim'));
  const name = uniqueName('Vim');
  const projectId = await createProject(page, name, { 'm.v': 'hello\n' });
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

test('F8 saves and queues a build: the exact toast, and the log streams in the bottom panel to success', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Build');
  const top = '-- top\narchitecture Behavioural of CustomInstrument is\nbegin\nend architecture;\n';
  const projectId = await createProject(page, name, { 'top.vhd': top });
  await openEditor(page, projectId, name, '?file=top.vhd&line=1');
  await editorFor(page, 'top.vhd').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('-- saved by F8');
  await page.keyboard.press('F8');

  await expect(page.getByText(`Build queued for project: ${name}`, { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'The build has been successfully queued. You can view build progress under "Build Logs" at the bottom of the editor.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(tab(page, 'top.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);
  expect((await callApi<{ content: string }>(page, 'GET', `/projects/${projectId}/files/top.vhd`)).content).toBe(
    `${top}-- saved by F8`,
  );

  const bottom = page.getByTestId('bottom-panel');
  await expect(bottom.locator('.log-viewer__row').first()).toBeVisible({ timeout: 20_000 });
  await expect(bottom.getByRole('img', { name: 'Succeeded' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(bottom).toContainText('completed successfully');
  // The info toast's rich colours (sonner: #0973dc on #f0f8ff, 4.35:1) miss AA: a shared Toaster style,
  // reported to its owner; the editor itself is checked once the toast has gone.
  await expect(page.getByText(`Build queued for project: ${name}`)).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page, 'editor after a build');
});

test("a failing build's error line in the Build Logs panel opens the file at that line", async ({ page }) => {
  await signIn(page);
  // Read-only use of the seed project whose builds fail (fixtures/projects/clip-draft): its latest build failed.
  const projects = await callApi<{ id: string; name: string }[]>(page, 'GET', '/projects');
  const clip = projects.find((project) => project.name === 'Clip (draft)');
  expect(clip, "ada's seed project whose builds fail (fixtures/projects/clip-draft)").toBeDefined();
  await openEditor(page, clip!.id, 'Clip \\(draft\\)');
  const bottom = page.getByTestId('bottom-panel');
  const link = bottom.getByRole('button', { name: /clip\.vhd:24/ }).first();
  await expect(link).toBeVisible({ timeout: 20_000 });
  await link.click();
  await expect(editorFor(page, 'clip.vhd')).toBeVisible();
  await expect(page.getByTestId('status-position')).toContainText('Line 24, Col');
  await expect(tab(page, 'clip.vhd')).toBeVisible();
});
