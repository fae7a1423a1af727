import { expect, test, type Page } from '@playwright/test';
import { USERS, signInDirectly } from './support/app';
import { callApi, createProject, uniqueName } from './support/api';
import { useOwnGateway } from './support/own-gateway';

/**
 * Diagnostics while typing (checkDraft, real GHDL in bubblewrap) against a gateway of its own, so no
 * other spec's checks supersede these (one check per user is in flight): an error typed, not saved,
 * shows at its line and goes when fixed; an answer for an older text is never painted; without the
 * operation in the API description nothing is checked.
 */
const ORIGIN = useOwnGateway('typing-diagnostics');

const CLEAN = [
  'architecture Behavioural of CustomInstrument is', // 1
  'begin', // 2
  '    OutputA <= InputA;', // 3
  '    OutputB <= InputB;', // 4
  'end architecture;',
  '',
].join('\n');

/** Opens a new project's top.vhd in the editor, the cursor at the end of line 3 (`OutputA <= InputA`). */
async function openTop(page: Page): Promise<{ projectId: string; editor: ReturnType<Page['getByRole']> }> {
  await page.context().addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: ORIGIN }]);
  await signInDirectly(page, '#/projects', USERS.ada.email, ORIGIN);
  const projectId = await createProject(page, ORIGIN, uniqueName('Typing'), { 'top.vhd': CLEAN });
  await page.goto(`${ORIGIN}/#/editor/${projectId}?file=top.vhd&line=3`);
  const editor = page.getByRole('textbox', { name: 'Editor: top.vhd' });
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  return { projectId, editor };
}

const line = (page: Page, n: number) => page.locator('.cm-content .cm-line').nth(n - 1);
const isCheck = (url: URL) => /\/api\/projects\/[^/]+\/check$/.test(url.pathname);

test('a syntax error typed, not saved, shows at its line and goes when it is fixed', async ({ page }) => {
  test.setTimeout(90_000);
  const { projectId } = await openTop(page);
  // Before `;`: "OutputA <= InputA garbage;" is GHDL's "';' is expected" at `garbage`.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' garbage', { delay: 20 });

  await expect(line(page, 3).locator('.cm-lintRange-error')).toHaveText('garbage', { timeout: 15_000 });
  await expect(page.locator('.cm-gutter-lint .cm-lint-marker-error')).toHaveCount(1);
  await line(page, 3).locator('.cm-lintRange-error').hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText("';' expected");
  // Checked, not saved: the file on the server is still the clean one.
  const saved = await callApi<{ content: string }>(page, ORIGIN, 'GET', `/projects/${projectId}/files/top.vhd`);
  expect(saved.content).toBe(CLEAN);

  await page.mouse.move(0, 0);
  for (let i = 0; i < ' garbage'.length; i++) await page.keyboard.press('Backspace');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.cm-gutter-lint .cm-lint-marker-error')).toHaveCount(0);
});

test('an answer for an older text is never painted: more typing supersedes it', async ({ page }) => {
  test.setTimeout(90_000);
  await openTop(page);
  // The first check (the text with the error) is answered by the server at once, but its answer is held
  // back until the fixed text's check has been answered: it arrives last, for a text no longer there.
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  const sent: string[] = [];
  let answered = 0;
  let firstAnswer: { status: number; body: string } | undefined;
  let firstDelivered: Promise<unknown> = Promise.resolve();
  await page.route(isCheck, async (route) => {
    const { content } = route.request().postDataJSON() as { content: string };
    sent.push(content);
    const response = await route.fetch();
    if (sent.length === 1) {
      firstAnswer = { status: response.status(), body: await response.text() };
      firstDelivered = firstHeld.then(() => route.fulfill({ response }).catch(() => undefined));
      return firstDelivered;
    }
    await route.fulfill({ response });
    answered++;
  });

  // One edit each (a pause in typing mid-word on a loaded machine would be a check of its own).
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.insertText(' garbage');
  // The server has answered the text with the error (an error at line 3) before the fix is typed.
  await expect.poll(() => firstAnswer?.status, { timeout: 15_000 }).toBe(200);
  expect(firstAnswer!.body).toMatch(/"line":3,.*"severity":"error"/);
  for (let i = 0; i < ' garbage'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Backspace');
  await expect.poll(() => answered, { timeout: 15_000 }).toBe(1);
  expect(sent).toHaveLength(2);
  expect(sent[0]).toContain('garbage');
  expect(sent[1]).not.toContain('garbage');

  releaseFirst();
  await firstDelivered;
  // Long enough for a painted answer to show (the first test sees one within a frame of its arrival).
  await page.waitForTimeout(1_000);
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
  await expect(page.locator('.cm-gutter-lint .cm-lint-marker-error')).toHaveCount(0);
});

test('without checkDraft in the API description, nothing is checked while typing', async ({ page }) => {
  test.setTimeout(90_000);
  // An API without the operation (proxy mode against an older upstream): its description lacks the path.
  await page.route(`${ORIGIN}/api/openapi.json`, async (route) => {
    const response = await route.fetch();
    const document = (await response.json()) as { paths: Record<string, unknown> };
    const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => !path.endsWith('/check')));
    await route.fulfill({ response, json: { ...document, paths } });
  });
  const checks: string[] = [];
  page.on('request', (request) => {
    if (isCheck(new URL(request.url()))) checks.push(request.url());
  });
  await openTop(page);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' garbage', { delay: 20 });
  await page.waitForTimeout(1_500);
  expect(checks).toEqual([]);
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
});
