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

/**
 * How many lines of code show whole on the screen as it is: inside the editor's scroller, above the
 * bottom panel and the screen's bottom edge.
 */
async function visibleCodeLines(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.querySelector('.cm-scroller')!.getBoundingClientRect();
    const panel = document.querySelector('[data-testid="bottom-panel"]')!.getBoundingClientRect();
    const bottom = Math.min(scroller.bottom, panel.top, window.innerHeight);
    return Array.from(document.querySelectorAll('.cm-content .cm-line')).filter((line) => {
      const box = line.getBoundingClientRect();
      return box.height > 0 && box.top >= scroller.top - 0.5 && box.bottom <= bottom + 0.5;
    }).length;
  });
}

/** The element shows on the screen as it is, not under something else (a docked panel): a tap reaches it. */
async function onFirstScreen(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (box.top < 0 || box.bottom > window.innerHeight || x < 0 || x > window.innerWidth) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && element.contains(hit);
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

  test('upload dialog: a refused file keeps its whole name, the reason below it; a name the project has asks Replace or Skip', async () => {
    await page.getByRole('button', { name: 'Upload files' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload files' });
    // A design to build too (a project without a top level is refused at queue time).
    const topFile = { name: 'top.vhd', mimeType: 'text/plain', buffer: Buffer.from(TOP_LEVEL_VHDL) };
    await upload
      .getByLabel('Files to upload')
      .setInputFiles([{ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }, topFile]);
    const uploads = upload.getByRole('list', { name: 'Uploads' });
    const refused = uploads.locator('li', { hasText: 'note.txt' });
    await expect(refused).toContainText('Use one of these extensions');
    await expect(refused.getByText('note.txt', { exact: true })).toBeVisible();
    await expect(uploads.locator('li', { hasText: 'top.vhd' })).toContainText('Uploaded');
    await checkScreen(page, 'the upload dialog');
    await upload.getByLabel('Files to upload').setInputFiles([topFile]);
    await expect(uploads.getByText('A file called top.vhd already exists.')).toBeVisible();
    await checkScreen(page, 'the upload dialog asking to replace');
    await upload.getByRole('button', { name: 'Replace top.vhd' }).click();
    await expect(uploads.locator('li', { hasText: 'top.vhd' }).last()).toContainText('Replaced');
    await upload.getByRole('button', { name: 'Close', exact: true }).last().click();
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

  test('editor with the Build Logs open: the code keeps ten lines, the build panel shows on the first screen and fits', async () => {
    // A file longer than the screen, and the target with the longest name (a select cut it).
    const long = await page.request.post(`/api/projects/${projectId}/files/long.vhd`, {
      data: Array.from({ length: 80 }, (_, index) => `-- line ${index + 1}`).join('\n'),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(long.ok(), await long.text()).toBe(true);
    const project = (await (await page.request.get(`/api/projects/${projectId}`)).json()) as { config: object };
    const config = await page.request.put(`/api/projects/${projectId}/config`, {
      data: { ...project.config, target: 'CustomInstrumentInterlaced' },
    });
    expect(config.ok(), await config.text()).toBe(true);

    await page.goto(`/#/editor/${projectId}?file=long.vhd`);
    await page.reload();
    await expect(page.getByTestId('bottom-panel').getByRole('button', { name: 'Build Logs' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('textbox', { name: 'Editor: long.vhd' })).toContainText('-- line 12');
    // Six before: the logs took half the screen and the page above them scrolled.
    expect(await visibleCodeLines(page)).toBeGreaterThanOrEqual(10);

    // The build configuration: its row is on the first screen (it sat below the code), and opens from the keyboard.
    const buildPanel = page.getByRole('button', { name: 'Build panel' });
    await expect(buildPanel).toHaveAttribute('aria-expanded', 'false');
    expect(await onFirstScreen(page, '.editor-side-toggle')).toBe(true);
    await buildPanel.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('region', { name: 'Build Configuration' });
    await expect(form).toBeVisible();
    await form.getByText('Target interface').scrollIntoViewIfNeeded();
    await checkScreen(page, 'the editor with its build panel open');
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

  test('simulation: the Simulate form, then the run with its waveforms and log', async () => {
    const projects = (await (await page.request.get('/api/projects')).json()) as { id: string; name: string }[];
    const adder = projects.find((project) => project.name === 'Adder')!;
    await page.goto(`/#/editor/${adder.id}`);
    await page.getByRole('button', { name: 'Simulate' }).tap();
    const form = page.getByRole('dialog', { name: 'Simulate' });
    await form.getByRole('group', { name: 'InputA' }).getByLabel('Shape').selectOption('sine');
    await form.getByRole('button', { name: 'Add a Control change' }).tap();
    await checkScreen(page, 'the Simulate form');
    await form.getByRole('button', { name: 'Start simulation' }).tap();
    await expect(page).toHaveURL(/#\/projects\/[^/]+\/simulations\/[^/?]+$/);
    await expect(page.getByRole('status').filter({ hasText: /^(Queued|Running|Passed)$/ })).toHaveText('Passed', {
      timeout: 60_000,
    });
    await expect(page.getByRole('region', { name: 'Waveforms' })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.wave-value').first()).not.toHaveText('loading…');
    await checkScreen(page, 'a simulation with its waveforms');
  });

  test("simulations: the project's runs as cards, each a link to its page", async () => {
    await page.getByRole('link', { name: 'All simulations of this project' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Simulations: Adder' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Simulation [0-9a-z]{7}$/ }).first()).toBeVisible();
    await checkScreen(page, 'the simulations of a project');
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
      // A page opened afresh: only its own styles loaded (the form fields' lived with the dialogs').
      await page.reload();
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
