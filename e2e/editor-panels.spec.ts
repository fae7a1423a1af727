import { expect, test, type Page } from '@playwright/test';
import { E2E_URL } from '../playwright.config';
import { TOP_LEVEL_VHDL, callApi, createProject, uniqueName } from './support/api';
import { expectNoAxeViolations } from './support/app';
import { editorFor, filesList, logsToggle, openEditor, openTabs, signIn, tab } from './support/editor';

/**
 * The editor and its build panels as a new user meets them (issue 17): vim's :w and mode, each file's own
 * scroll position, the Build Logs header in step with its log, Go to line, tabs kept over a reload, the
 * configuration's "Saved", the panels' collapsing, and the build page's error summary as a link.
 */

// Several of these build, reload and run axe more than once: give them room on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** The code view's scroll offsets, and whether anything around it is scrolled sideways. */
function codeScroll(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('.cm-scroller')!;
    let shifted = 0;
    for (let element = scroller.parentElement; element; element = element.parentElement) shifted += element.scrollLeft;
    return { top: scroller.scrollTop, left: scroller.scrollLeft, ancestorsLeft: shifted };
  });
}

test('vim: :w and :wq save through the editor, and the status line shows the mode', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('editor-keybindings', 'vim'));
  const name = uniqueName('Vim save');
  const projectId = await createProject(page, E2E_URL, name, { 'm.v': 'hello\n' });
  await openEditor(page, projectId, name, '?file=m.v&line=1');
  const editor = editorFor(page, 'm.v');
  await expect(editor).toContainText('hello');
  const mode = page.getByTestId('vim-mode');
  await editor.click();
  await expect(mode).toHaveText('NORMAL');
  await page.keyboard.press('g');
  await page.keyboard.press('g');
  await page.keyboard.press('0');
  await page.keyboard.press('i');
  await expect(mode).toHaveText('INSERT');
  await page.keyboard.type('abc');
  await page.keyboard.press('Escape');
  await expect(mode).toHaveText('NORMAL');
  await page.keyboard.press('v');
  await expect(mode).toHaveText('VISUAL');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+V');
  await expect(mode).toHaveText('VISUAL LINE');
  await page.keyboard.press('Escape');
  await expect(tab(page, 'm.v').getByTestId('tab-dirty-mark')).toBeVisible();

  await page.keyboard.type(':w');
  await page.keyboard.press('Enter');
  await expect(tab(page, 'm.v').getByTestId('tab-dirty-mark')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Saved m.v' })).toBeVisible();
  expect((await callApi<{ content: string }>(page, E2E_URL, 'GET', `/projects/${projectId}/files/m.v`)).content).toBe(
    'abchello\n',
  );

  await page.keyboard.press('Shift+A');
  await page.keyboard.type(' world');
  await page.keyboard.press('Escape');
  await page.keyboard.type(':wq');
  await page.keyboard.press('Enter');
  await expect(tab(page, 'm.v').getByTestId('tab-dirty-mark')).toHaveCount(0);
  expect((await callApi<{ content: string }>(page, E2E_URL, 'GET', `/projects/${projectId}/files/m.v`)).content).toBe(
    'abchello world\n',
  );
  await expect(mode).toHaveText('NORMAL');
  await expectNoAxeViolations(page, 'editor in vim mode');

  // Without vim there is no mode to show.
  await page.evaluate(() => {
    localStorage.setItem('editor-keybindings', 'default');
    window.dispatchEvent(new StorageEvent('storage', { key: 'editor-keybindings' }));
  });
  await expect(mode).toHaveCount(0);
});

test('each file keeps its own scroll position, and the first column shows after save and build', async ({ page }) => {
  await signIn(page);
  const name = uniqueName('Scroll');
  const longLine = `-- ${'a very long comment that runs far to the right '.repeat(12)}end`;
  const body = Array.from({ length: 120 }, (_, i) => `signal s${i} : std_logic; -- line ${i + 1}`).join('\n');
  const projectId = await createProject(page, E2E_URL, name, {
    'wide.vhd': `${body}\n${longLine}\n`,
    'tall.vhd': `${body}\n`,
    'top.vhd': TOP_LEVEL_VHDL,
  });
  await openEditor(page, projectId, name);
  await filesList(page).getByRole('button', { name: 'wide.vhd', exact: true }).click();
  await editorFor(page, 'wide.vhd').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await expect.poll(async () => (await codeScroll(page)).left).toBeGreaterThan(100);
  const wide = await codeScroll(page);
  expect(wide.top).toBeGreaterThan(100);

  // A file opened next starts at its top-left, not where the other file was.
  await filesList(page).getByRole('button', { name: 'tall.vhd', exact: true }).click();
  await expect(editorFor(page, 'tall.vhd')).toBeVisible();
  await expect.poll(() => codeScroll(page)).toEqual({ top: 0, left: 0, ancestorsLeft: 0 });
  await page.locator('.cm-scroller').evaluate((scroller) => scroller.scrollTo({ top: 300 }));
  await expect.poll(async () => (await codeScroll(page)).top).toBeGreaterThan(250);
  const tall = await codeScroll(page);

  // Back and forth: each comes back where it was left.
  await tab(page, 'wide.vhd').click();
  await expect.poll(async () => Math.round((await codeScroll(page)).left)).toBe(Math.round(wide.left));
  expect(Math.abs((await codeScroll(page)).top - wide.top)).toBeLessThan(30);
  await tab(page, 'tall.vhd').click();
  await expect.poll(async () => Math.abs((await codeScroll(page)).top - tall.top)).toBeLessThan(30);
  expect((await codeScroll(page)).left).toBe(0);

  // Edit at the top, save and build: the code view's first column stays in sight.
  await editorFor(page, 'tall.vhd').click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('-- built ');
  await page.keyboard.press('Control+s');
  await expect(tab(page, 'tall.vhd').getByTestId('tab-dirty-mark')).toHaveCount(0);
  await page.keyboard.press('F8');
  await expect(page.getByTestId('bottom-panel')).toContainText('completed successfully', { timeout: 30_000 });
  const after = await codeScroll(page);
  expect(after.left).toBe(0);
  expect(after.ancestorsLeft).toBe(0);
  const firstLine = await page.locator('.cm-line').first().boundingBox();
  const scroller = await page.locator('.cm-content').boundingBox();
  expect(firstLine!.x).toBeGreaterThanOrEqual(scroller!.x - 1);
  await expect(page.locator('.cm-line').first()).toHaveText(/^-- built signal s0/);
});

test("the Build Logs header's status is the log's stage, never behind it", async ({ page }) => {
  await signIn(page);
  const name = uniqueName('Header');
  const projectId = await createProject(page, E2E_URL, name, { 'top.vhd': `-- top\n${TOP_LEVEL_VHDL}` });
  // The latest build answers slowly (a loaded server): the header must still not lag the log.
  await page.route('**/api/projects/*/builds/latest', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 900));
    await route.continue();
  });
  await openEditor(page, projectId, name, '?file=top.vhd&line=1');
  // The build's own last line (a stage's log says "synth_design completed successfully" too).
  const buildDone = `"${name}" completed successfully`;
  await page.evaluate((doneLine) => {
    const seen: string[] = [];
    const mismatches: string[] = [];
    (window as unknown as { headerCheck: { seen: string[]; mismatches: string[] } }).headerCheck = { seen, mismatches };
    const check = () => {
      const panel = document.querySelector('[data-testid="bottom-panel"]');
      const header = panel?.querySelector('.build-logs-build')?.textContent ?? '';
      const running = panel?.querySelector('.log-viewer__stage--running')?.textContent?.replace(/,.*$/, '') ?? null;
      const stages = Array.from(panel?.querySelectorAll('.log-viewer__stages button') ?? []).map((b) =>
        b.textContent?.replace(/,.*$/, ''),
      );
      const finished = Boolean(panel?.textContent?.includes(doneLine));
      if (header && seen.at(-1) !== header) seen.push(header);
      if (stages.length > 0 && /queue/i.test(header))
        mismatches.push(`"${header}" while the log shows ${stages.join(', ')}`);
      if (finished && /Running/.test(header)) mismatches.push(`"${header}" after the log completed`);
      if (running && /Running/.test(header) && !header.includes(running))
        mismatches.push(`"${header}" while the log runs ${running}`);
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, buildDone);
  await editorFor(page, 'top.vhd').click();
  await page.keyboard.press('F8');
  const bottom = page.getByTestId('bottom-panel');
  await expect(bottom).toContainText(buildDone, { timeout: 30_000 });
  await expect(bottom.locator('.build-logs-build')).toContainText('Succeeded');
  const check = await page.evaluate(
    () => (window as unknown as { headerCheck: { seen: string[]; mismatches: string[] } }).headerCheck,
  );
  expect(check.mismatches, `header texts seen: ${check.seen.join(' | ')}`).toEqual([]);
});

test('Go to line (Ctrl+Alt+G) is a labelled dialog like the others, used from the keyboard', async ({ page }) => {
  await signIn(page);
  const name = uniqueName('Go to line');
  const projectId = await createProject(page, E2E_URL, name, {
    'g.vhd': Array.from({ length: 40 }, (_, i) => `-- line ${i + 1}`).join('\n'),
  });
  await openEditor(page, projectId, name, '?file=g.vhd');
  await editorFor(page, 'g.vhd').click();
  await page.keyboard.press('Control+Alt+g');
  const dialog = page.getByRole('dialog', { name: 'Go to line' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Line number');
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page, 'the Go to line dialog');
  await page.keyboard.type('99x');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Enter a line number from 1 to 40 (or line:column).');
  await field.fill('30');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('status-position')).toContainText('Line 30, Col 0');
  // Focus is back in the code: typing lands on that line.
  await page.keyboard.type('X');
  await expect(page.locator('.cm-line', { hasText: 'X-- line 30' })).toBeVisible();
  // Escape closes it and changes nothing.
  await page.keyboard.press('Control+Alt+g');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('status-position')).toContainText('Line 30, Col 1');
});

test('open tabs and the active one come back after a reload', async ({ page }) => {
  await signIn(page);
  const name = uniqueName('Tabs');
  const projectId = await createProject(page, E2E_URL, name, {
    'a.vhd': '-- a\n',
    'b.vhd': '-- b\n',
    'c.vhd': '-- c\n',
  });
  await openEditor(page, projectId, name);
  for (const file of ['c.vhd', 'a.vhd', 'b.vhd'])
    await filesList(page).getByRole('button', { name: file, exact: true }).click();
  await tab(page, 'a.vhd').click();
  await expect(editorFor(page, 'a.vhd')).toBeVisible();

  await page.reload();
  await expect(openTabs(page).getByRole('tab')).toHaveText(['c.vhd', 'a.vhd', 'b.vhd']);
  await expect(tab(page, 'a.vhd')).toHaveAttribute('aria-selected', 'true');
  await expect(editorFor(page, 'a.vhd')).toContainText('-- a');

  // Closing one is remembered too, and another project has tabs of its own.
  await tab(page, 'c.vhd').getByTitle('Close c.vhd').click();
  const other = uniqueName('Other tabs');
  const otherId = await createProject(page, E2E_URL, other, { 'x.vhd': '-- x\n' });
  await openEditor(page, otherId, other);
  await expect(openTabs(page)).toHaveCount(0);
  await openEditor(page, projectId, name);
  await expect(openTabs(page).getByRole('tab')).toHaveText(['a.vhd', 'b.vhd']);

  // Delete closes the focused tab; focus goes on to the tab selected in its place, not to the page.
  await tab(page, 'a.vhd').click();
  await expect(tab(page, 'a.vhd')).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(openTabs(page).getByRole('tab')).toHaveText(['b.vhd']);
  await expect(tab(page, 'b.vhd')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'b.vhd')).toBeFocused();
});

test('the Build Logs panel stays folded until the first build; the build sidebar folds; status, Cancel and artifacts sit in the log header', async ({
  page,
}) => {
  await signIn(page);
  const name = uniqueName('Panels');
  // Over ten lines: axe cannot judge one-character text, so only two-digit line numbers have their
  // contrast checked (One Dark's gutter grey missed AA on its background).
  const projectId = await createProject(page, E2E_URL, name, {
    'top.vhd': `-- top\n${'--\n'.repeat(10)}${TOP_LEVEL_VHDL}`,
  });
  await openEditor(page, projectId, name, '?file=top.vhd');
  const bottom = page.getByTestId('bottom-panel');
  await expect(logsToggle(page)).toHaveAttribute('aria-expanded', 'false');
  expect((await bottom.boundingBox())!.height).toBeLessThan(60);

  // The build sidebar folds away and stays folded over a reload.
  const sidebarToggle = page.getByRole('button', { name: 'Build panel' });
  await expect(sidebarToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Hardware' })).toBeVisible();
  await sidebarToggle.click();
  await expect(sidebarToggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Hardware' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Build panel' })).toHaveAttribute('aria-expanded', 'false');
  await expectNoAxeViolations(page, 'editor with folded panels');
  await page.getByRole('button', { name: 'Build panel' }).click();
  await expect(page.getByRole('combobox', { name: 'Hardware' })).toBeVisible();

  // A build opens the log panel; its header carries the status, then the artifacts.
  await editorFor(page, 'top.vhd').click();
  await page.keyboard.press('F8');
  await expect(logsToggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(bottom.locator('.log-viewer__row').first()).toBeVisible({ timeout: 20_000 });
  await expect(bottom.locator('.build-logs-build')).toContainText('Succeeded', { timeout: 30_000 });
  const header = bottom.locator('.build-logs-header');
  await header.getByRole('button', { name: /Artifacts/ }).click();
  await expect(header.getByRole('menuitem', { name: /bitstreams\.tar/ })).toHaveAttribute(
    'href',
    /\/api\/builds\/.+\/artifacts\/bitstreams\.tar$/,
  );
  await expect(header.getByRole('link', { name: /^Build [0-9a-z]{7}$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText(`Build queued for project: ${name}`)).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page, 'editor after a build (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page, 'editor after a build (dark)');
});

test('build configuration changes say Saved, or why not, next to the form', async ({ page }) => {
  await signIn(page);
  const name = uniqueName('Config');
  const projectId = await createProject(page, E2E_URL, name, { 'top.vhd': `-- top\n${TOP_LEVEL_VHDL}` });
  await openEditor(page, projectId, name);
  const form = page.getByRole('region', { name: 'Build Configuration' });
  await form.getByRole('switch', { name: 'Output interpolation' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved');
  const project = await callApi<{ config: { interpolation: boolean } }>(page, E2E_URL, 'GET', `/projects/${projectId}`);
  expect(project.config.interpolation).toBe(true);

  await page.route(`**/api/projects/${projectId}/config`, (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'That OS version is no longer offered' }),
    }),
  );
  await form.getByRole('switch', { name: 'Output interpolation' }).click();
  await expect(form.getByRole('alert')).toContainText('Not saved: That OS version is no longer offered');
  await expect(form.getByRole('switch', { name: 'Output interpolation' })).toBeChecked();
});

test("a failed build's page links its error summary to the file and line", async ({ page }) => {
  await signIn(page);
  const projects = await callApi<{ id: string; name: string }[]>(page, E2E_URL, 'GET', '/projects');
  const clip = projects.find((project) => project.name === 'Clip (draft)');
  expect(clip, "ada's seed project whose builds fail (fixtures/projects/clip-draft)").toBeDefined();
  const latest = await callApi<{ id: string; status: string; error: string }>(
    page,
    E2E_URL,
    'GET',
    `/projects/${clip!.id}/builds/latest`,
  );
  expect(latest.status).toBe('failed');
  await page.goto(`${E2E_URL}/#/builds/${clip!.id}/${latest.id}`);
  const summary = page.getByRole('region', { name: 'Summary' });
  const link = summary.getByRole('link', { name: /clip\.vhd, line 24/ });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, 'a failed build (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page, 'a failed build (dark)');
  await link.click();
  // Two steps, as a user sees them: the project's editor opens with clip.vhd as its file (route, project
  // and file loaded), then CodeMirror shows it with the cursor on line 24. One wait for both timed the
  // whole cold start of the editor against a single expect timeout.
  await expect(page.getByRole('heading', { level: 1, name: 'Project: Clip (draft) / clip.vhd' })).toBeVisible();
  await expect(tab(page, 'clip.vhd')).toHaveAttribute('aria-selected', 'true');
  await expect(editorFor(page, 'clip.vhd')).toBeVisible();
  await expect(page.getByTestId('status-position')).toContainText('Line 24, Col 0');
});
