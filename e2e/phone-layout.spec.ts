import { expect, test, type Page } from '@playwright/test';
import { USERS, acceptCookieNotice, expectNoAxeViolations, signInAt } from './support/app';
import { TOP_LEVEL_VHDL } from './support/api';
import { expectLayoutFits } from './support/layout';

// A phone: 390 px wide, a touch screen without hover.
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };

/**
 * The screen fits (no sideways scroll, nothing sticking out or clipped) and passes axe, in the light theme
 * and in the dark. The app follows the system's scheme until the user picks one, so emulating the system
 * setting switches it in place, without a reload.
 */
async function checkScreen(page: Page, screen: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await expectLayoutFits(page, `${screen} (${colorScheme})`);
    await expectNoAxeViolations(page, `${screen} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The contrast ratio of an element's border colour against its parent's background (WCAG's formula). */
async function borderContrast(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = channels(color).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let behind = element.parentElement;
    while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)') behind = behind.parentElement;
    const [a, b] = [
      luminance(getComputedStyle(element).borderTopColor),
      luminance(getComputedStyle(behind ?? document.body).backgroundColor),
    ];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

/** A 100-character name without a single space: the hardest case for a layout. */
function longProjectName(): string {
  return `Phone${Date.now().toString(36)}${'_WideName'.repeat(12)}`.slice(0, 100);
}

test.describe('on a 390 px phone, every screen fits and passes axe in both themes', () => {
  // One sign-in, one page, the screens in turn (each test goes on from where the last one left).
  // Axe twice per screen: on a loaded 2-core machine a screen with a long log takes most of a minute.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let page: Page;
  const name = longProjectName();
  let projectId = '';

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...PHONE, baseURL });
    await acceptCookieNotice(context, baseURL!);
    page = await context.newPage();
    await signInAt(page, '#/projects', USERS.ada.email);
  });

  test.afterAll(async () => {
    if (projectId) expect((await page.request.delete(`/api/projects/${projectId}`)).status()).toBe(204);
    await page.context().close();
  });

  test('editor, of a project with a 100-character name', async () => {
    expect(name).toHaveLength(100);
    await page.getByRole('button', { name: 'Create Project' }).click();
    const create = page.getByRole('dialog', { name: 'Create Project' });
    await create.getByRole('textbox', { name: 'Project Name' }).fill(name);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/#\/editor\/[^/?]+$/);
    projectId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible();
    await checkScreen(page, 'the editor');
  });

  test('upload dialog: a refused file keeps its whole name, the reason below it', async () => {
    await page.getByRole('button', { name: 'Upload files' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload files' });
    await upload
      .getByLabel('Files to upload')
      .setInputFiles([{ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }]);
    const refused = upload.getByRole('list', { name: 'Uploads' }).locator('li', { hasText: 'note.txt' });
    await expect(refused).toContainText('Use one of these extensions');
    await expect(refused.getByText('note.txt', { exact: true })).toBeVisible();
    await checkScreen(page, 'the upload dialog');
    await upload.getByRole('button', { name: 'Close', exact: true }).last().click();
    // A design to build (a project without a top level is refused at queue time).
    const top = await page.request.post(`/api/projects/${projectId}/files/top.vhd`, {
      data: TOP_LEVEL_VHDL,
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(top.ok(), await top.text()).toBe(true);
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    await expect(page.getByText(`Build queued for project: ${name}`)).toBeVisible();
  });

  test('editor again, now the project has a build: the Build Logs panel starts folded, leaving the code its height', async () => {
    // The build queued above opened it for that visit; a new visit, with no choice made, keeps it folded.
    await page.goto(`/#/editor/${projectId}`);
    await page.reload(); // the same hash: a new visit only with a new page load
    const logsToggle = page.getByTestId('bottom-panel').getByRole('button', { name: 'Build Logs' });
    await expect(logsToggle).toHaveAttribute('aria-expanded', 'false');
    await logsToggle.tap();
    await expect(logsToggle).toHaveAttribute('aria-expanded', 'true');
    // Opened by hand, it stays open on the next visit.
    await page.reload();
    await expect(logsToggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('projects: cards; the long name takes two lines, its link carries it whole', async () => {
    await page.goto('/#/projects');
    const longLink = page.getByRole('link', { name, exact: true });
    await expect(longLink).toBeVisible();
    await expect(longLink).toHaveAttribute('title', name);
    await checkScreen(page, 'the projects page');
  });

  test('builds list: the heading wraps the long name, the builds are cards', async () => {
    await page.goto(`/#/builds/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Builds: ${name}` })).toBeVisible();
    await expect(page.locator('tr[data-build-id]')).toHaveCount(1);
    await checkScreen(page, 'the builds list');

    // A tap on a nav link leaves no tooltip behind (it stayed over the Build button).
    const builds = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Builds: ${name}` });
    await builds.tap();
    await expect(builds).toBeFocused();
    await expect(page.locator('.tooltip', { hasText: `Builds: ${name}` })).toBeHidden();
  });

  test('build detail: the id and the error text of a failed build wrap', async () => {
    await page.goto('/#/projects');
    const clip = page.locator('tr', { has: page.getByRole('link', { name: 'Clip (draft)', exact: true }) });
    await clip.getByRole('link', { name: /Queued at/ }).click();
    await expect(page).toHaveURL(/#\/builds\/[^/]+\/[0-9a-f]+$/);
    await expect(page.getByRole('heading', { name: /Build [0-9a-f]{7}$/ })).toBeVisible();
    await expect(page.locator('.details dd.error-text')).toContainText('syntax error');
    await checkScreen(page, 'a failed build');
  });

  for (const [hash, heading] of [
    ['#/preferences/account', 'Account'],
    ['#/preferences/api-keys', 'API Keys'],
    ['#/preferences/appearance', 'Appearance'],
    ['#/preferences/keybindings', 'Keybindings'],
    ['#/no/such/page', '404'],
  ] as const) {
    test(hash, async () => {
      await page.goto(`/${hash}`);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await checkScreen(page, hash);
    });
  }
});

test('on a 390 px phone, the terms screen fits and passes axe in both themes; its checkbox is full size, with contrast, in the dark', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  await acceptCookieNotice(context, baseURL!);
  const page = await context.newPage();
  // Rosalind accepted an older version: she sees the terms until she accepts, which no test does.
  await signInAt(page, '#/projects', USERS.revised.email);
  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
  const box = page.getByRole('checkbox');

  // In the dark theme the checkbox is full size and its border stands out (WCAG 1.4.11: 3:1).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const size = (await box.boundingBox())!;
  expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(18);
  expect(await borderContrast(page, 'input[type=checkbox]')).toBeGreaterThanOrEqual(3);

  await box.check();
  await checkScreen(page, 'the terms screen');
  await context.close();
});
