import { expect, test } from '@playwright/test';
import { E2E_URL } from '../playwright.config';
import { callApi, createProject, uniqueName } from './support/api';
import { expectNoAxeViolations } from './support/app';
import { editorFor, filesList, openEditor, signIn, tab } from './support/editor';

/**
 * Nothing typed in the editor is lost: drafts over a reload and over an address typed in the address
 * bar, a save over a version saved elsewhere, and leaving with unsaved changes. Each test makes its
 * own project.
 */
test('unsaved edits survive a reload as a draft that is offered back', async ({ page }) => {
  await signIn(page);
  const name = uniqueName('Draft');
  const projectId = await createProject(page, E2E_URL, name, { 'adder.vhd': '-- adder\n' });
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
  const saved = await callApi<{ content: string }>(page, E2E_URL, 'GET', `/projects/${projectId}/files/adder.vhd`);
  expect(saved.content).toBe('-- adder\n-- typed before the reload');
});

test('an address typed over the editor with unsaved changes loses nothing: the edit is there on return, and kept as a draft', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Typed address');
  const projectId = await createProject(page, E2E_URL, name, { 'a.vhd': 'original\n' });
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
  expect((await callApi<{ content: string }>(page, E2E_URL, 'GET', `/projects/${projectId}/files/a.vhd`)).content).toBe(
    'original\n-- typed, then the address bar',
  );
  await expect.poll(drafts).toEqual([]);
});

test('a save over a version saved elsewhere asks which to keep; leaving with unsaved changes asks first', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Conflict');
  const projectId = await createProject(page, E2E_URL, name, { 'a.vhd': 'original\n', 'b.vhd': 'second\n' });
  await openEditor(page, projectId, name);
  await filesList(page).getByRole('button', { name: 'a.vhd', exact: true }).click();
  await editorFor(page, 'a.vhd').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('mine');
  // Someone else saves the file meanwhile.
  await callApi(page, E2E_URL, 'PUT', `/projects/${projectId}/files/a.vhd`, 'theirs\n', 'text/plain');

  await page.keyboard.press('Control+s');
  const conflict = page.getByRole('dialog', { name: 'a.vhd changed elsewhere' });
  await expect(conflict).toBeVisible();
  await expectNoAxeViolations(page, 'save conflict dialog');
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(tab(page, 'a.vhd').getByTestId('tab-dirty-mark')).toBeVisible();
  expect((await callApi<{ content: string }>(page, E2E_URL, 'GET', `/projects/${projectId}/files/a.vhd`)).content).toBe(
    'theirs\n',
  );

  await page.keyboard.press('Control+s');
  await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(tab(page, 'a.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);
  expect((await callApi<{ content: string }>(page, E2E_URL, 'GET', `/projects/${projectId}/files/a.vhd`)).content).toBe(
    'original\nmine',
  );

  // The other choice: their version replaces mine in the editor.
  await editorFor(page, 'a.vhd').click();
  await page.keyboard.type('X');
  await callApi(page, E2E_URL, 'PUT', `/projects/${projectId}/files/a.vhd`, 'newer elsewhere\n', 'text/plain');
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
  expect((await callApi<{ content: string }>(page, E2E_URL, 'GET', `/projects/${projectId}/files/a.vhd`)).content).toBe(
    'newer elsewhere\n',
  );
});
