import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { buildHarness, serveHarness, type HarnessServer } from './harness-server';
import { generateLog, NEAR_END_TERM } from './harness/generate-log';
import type {} from './harness/harness-state';

/**
 * The log viewer in Chromium, on the harness page (e2e/log-viewer/harness): the same component the editor's
 * Build Logs panel and the build detail page use, with a generated Vivado-like log.
 */
const LINES = 100_000;
let harness: HarnessServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  harness = await serveHarness(await buildHarness(undefined));
});

test.afterAll(async () => {
  await harness?.close();
});

const scroller = (page: Page) => page.locator('.log-viewer__scroller');
const row = (page: Page, line: number) => page.locator(`.log-viewer__row[data-line="${line}"]`);
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search logs' });
const searchCount = (page: Page) => page.locator('.log-viewer__search-count');
const followButton = (page: Page) => page.getByRole('button', { name: 'Follow Log' });

async function open(page: Page, query: string, hash = '') {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${harness.url}?${query}${hash}`);
  await expect(page.locator('.log-viewer__row').first()).toBeVisible();
  return errors;
}

async function distanceFromBottom(page: Page) {
  return scroller(page).evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
}

async function expectNoAxeViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(', ')}`,
  );
  expect(violations, `axe violations on ${screen}`).toEqual([]);
}

test('a permalink to a range opens scrolled to it, highlighted, and not following', async ({ page }) => {
  const errors = await open(page, `lines=${LINES}`, '#?line=50000-50005');
  await expect(row(page, 50_000)).toBeInViewport();
  for (const line of [50_000, 50_005]) await expect(row(page, line)).toHaveClass(/log-viewer__row--selected/);
  await expect(row(page, 49_999)).not.toHaveClass(/selected/);
  await expect(row(page, 50_006)).not.toHaveClass(/selected/);
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false');
  // Only the rows on screen (plus overscan) are in the document, never the whole log.
  expect(await page.locator('.log-viewer__row').count()).toBeLessThan(200);
  expect(errors).toEqual([]);
});

test('clicking line numbers selects a line, Shift+click a range, and the page puts it in the hash', async ({
  page,
}) => {
  await open(page, `lines=${LINES}`, '#?line=50000');
  const before = await scroller(page).evaluate((element) => element.scrollTop);
  await row(page, 50_003).getByRole('button', { name: '50003', exact: true }).click();
  await expect(page).toHaveURL(/#\?line=50003$/);
  await row(page, 50_007)
    .getByRole('button', { name: '50007', exact: true })
    .click({ modifiers: ['Shift'] });
  await expect(page).toHaveURL(/#\?line=50003-50007$/);
  await expect(row(page, 50_005)).toHaveClass(/selected/);
  // Selecting does not move the log under the pointer.
  expect(await scroller(page).evaluate((element) => element.scrollTop)).toBe(before);
});

test('search finds a term near the end of the whole log and steps through matches', async ({ page }) => {
  await open(page, `lines=${LINES}`);
  await searchBox(page).fill(NEAR_END_TERM.toLowerCase());
  await expect(searchCount(page)).toHaveText('1 of 1');
  const target = row(page, LINES - 5);
  await expect(target).toBeInViewport();
  await expect(target.locator('mark.log-viewer__match--current')).toHaveText(NEAR_END_TERM);

  await searchBox(page).fill('syntax error near');
  await expect(searchCount(page)).toHaveText('1 of 2');
  await expect(row(page, 7).locator('mark.log-viewer__match--current')).toBeInViewport();
  await searchBox(page).press('Enter');
  await expect(searchCount(page)).toHaveText('2 of 2');
  await expect(row(page, 50_007).locator('mark.log-viewer__match--current')).toBeInViewport();
  await searchBox(page).press('Shift+Enter');
  await expect(searchCount(page)).toHaveText('1 of 2');
  await page.getByRole('button', { name: 'Previous match' }).click();
  await expect(searchCount(page)).toHaveText('2 of 2');

  await searchBox(page).fill('no such text anywhere');
  await expect(searchCount(page)).toHaveText('No results');
});

test('Download raw gives the whole log, escapes included', async ({ page }) => {
  await open(page, `lines=${LINES}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download raw log' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('build-3f2a9c1.log');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toBe(generateLog(LINES).join('\n') + '\n');
});

test('error lines naming file:line are links that open the location', async ({ page }) => {
  await open(page, `lines=${LINES}`);
  const errorRow = row(page, 7);
  await expect(errorRow).toHaveClass(/log-viewer__row--error/);
  await errorRow.getByRole('button', { name: '/project/src/limiter.vhd:8' }).click();
  expect(await page.evaluate(() => window.__harness.opened)).toEqual([{ file: 'limiter.vhd', line: 8 }]);
  // An INFO line naming a file is not a link.
  await expect(row(page, 3).locator('.log-viewer__location')).toHaveCount(0);
});

test('follow mode sticks to the bottom while lines stream in, stops on scrolling up, resumes on request', async ({
  page,
}) => {
  await open(page, 'lines=40000&stream=1');
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() => page.locator('.log-viewer__row').last().getAttribute('data-line').then(Number))
    .toBeGreaterThan(1500);
  expect(await distanceFromBottom(page)).toBeLessThan(25);

  await scroller(page).hover();
  await page.mouse.wheel(0, -800);
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'false');
  await page.waitForTimeout(400); // lines keep arriving; the view must stay where the reader left it
  expect(await distanceFromBottom(page)).toBeGreaterThan(400);

  await followButton(page).click();
  await expect(followButton(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => distanceFromBottom(page)).toBeLessThan(25);
});

test('stage sections show their line counts and collapse', async ({ page }) => {
  await open(page, `lines=${LINES}`);
  // SYNTHESIS starts at line 5,000 and ROUTE at 60,000.
  const synthesis = page.getByRole('button', { name: /SYNTHESIS\s*54,999 lines/ });
  await page.getByRole('button', { name: 'SYNTHESIS', exact: true }).click();
  await expect(synthesis).toHaveAttribute('aria-expanded', 'true');
  await synthesis.click();
  await expect(synthesis).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, 5_001)).toHaveCount(0);
  await expect(row(page, 60_000)).toBeVisible();
  // Revealing a line inside a collapsed section opens it.
  await page.goto(`${harness.url}?lines=${LINES}#?line=5001`);
  await expect(row(page, 5_001)).toBeInViewport();
});

test('a log taller than the browser can scroll is shown a window at a time', async ({ page }) => {
  // Pretend the browser caps scroll areas at 400,000 px: 18,000 rows of 20 px (90 %) fit.
  await open(page, `lines=${LINES}&maxScroll=400000`, '#?line=50000');
  const note = page.getByRole('note');
  await expect(note).toContainText('Lines 41,000–58,999 of 100,000');
  await expect(row(page, 50_000)).toBeInViewport();
  expect(await scroller(page).evaluate((element) => element.scrollHeight)).toBe(18_000 * 20);

  await searchBox(page).fill(NEAR_END_TERM);
  await expect(searchCount(page)).toHaveText('1 of 1');
  await expect(row(page, LINES - 5)).toBeInViewport();
  await expect(note).toContainText('Lines 82,001–100,000 of 100,000');

  await note.getByRole('button', { name: 'Earlier lines' }).click();
  await expect(note).toContainText('Lines 73,000–90,999 of 100,000');
  await expect(row(page, 82_000)).toBeInViewport();

  await page.getByRole('button', { name: 'Scroll to top' }).click();
  await expect(row(page, 1)).toBeInViewport();
  await expect(note.getByRole('button', { name: 'Earlier lines' })).toBeDisabled();
});

test('following a streaming log taller than the browser can scroll keeps its newest line in view', async ({ page }) => {
  await open(page, 'lines=40000&stream=1&maxScroll=40000');
  await expect(page.getByRole('note')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => distanceFromBottom(page)).toBeLessThan(25);
  const newest = async () => Number(await page.locator('.log-viewer__row').last().getAttribute('data-line'));
  const shown = await newest();
  await expect.poll(newest).toBeGreaterThan(shown);
  expect(await distanceFromBottom(page)).toBeLessThan(25);
});

test('everything works from the keyboard', async ({ page }) => {
  await open(page, `lines=${LINES}`);
  await searchBox(page).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Follow Log' })).toBeFocused(); // prev/next are disabled
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Wrap lines' })).toHaveAttribute('aria-pressed', 'true');
  await scroller(page).focus();
  await page.keyboard.press('PageDown');
  await expect.poll(() => scroller(page).evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await page.keyboard.press('Control+f');
  await expect(searchBox(page)).toBeFocused();
  // A line number is a button: focus it and press Enter to select the line; focus is visible.
  await scroller(page).evaluate((element) => (element.scrollTop = 0));
  const lineButton = row(page, 20).getByRole('button', { name: '20', exact: true });
  await lineButton.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\?line=20$/);
  const outline = await lineButton.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).toBe('solid');

  // The line numbers are one tab stop: Up and Down move between them, Tab leaves them at once.
  const lineNumber = (line: number) => row(page, line).getByRole('button', { name: String(line), exact: true });
  await page.keyboard.press('ArrowDown');
  await expect(lineNumber(21)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(lineNumber(19)).toBeFocused();
  await expect(page.locator('.log-viewer__line-number[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.locator('.log-viewer__line-number:focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(lineNumber(19)).toBeFocused();
  // End reaches the last line, far below the rows drawn, and scrolls to it.
  await page.keyboard.press('End');
  await expect(lineNumber(LINES)).toBeFocused();
  await expect(row(page, LINES)).toBeInViewport();
});

test('ANSI colours are styled text, wrap toggles, and the viewer is axe-clean in light and dark', async ({ page }) => {
  await open(page, `lines=${LINES}&theme=light`);
  const coloured = row(page, 13).getByText('place_design', { exact: true });
  await expect(coloured).toHaveCSS('color', 'rgb(5, 80, 174)');
  await page.getByRole('button', { name: 'Wrap lines' }).click();
  await expect(page.getByRole('button', { name: 'Wrap lines' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.log-viewer')).toHaveClass(/log-viewer--wrap/);
  await searchBox(page).fill('limiter');
  await expect(searchCount(page)).toHaveText(/^1 of /);
  await row(page, 12).getByRole('button', { name: '12', exact: true }).click();
  await expectNoAxeViolations(page, 'log viewer, light');

  await open(page, `lines=${LINES}&theme=dark&maxScroll=400000`, '#?line=50005');
  await expect(page.getByRole('note')).toBeVisible();
  await searchBox(page).fill('syntax error');
  await expect(searchCount(page)).toHaveText('1 of 2');
  await expectNoAxeViolations(page, 'log viewer, dark');
});
