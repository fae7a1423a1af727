import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { USERS, expectNoAxeViolations, signInDirectly } from './support/app';
import { ownGatewayPort } from './support/own-gateway';
import { startGateway, type StartedGateway } from './support/gateway';

/**
 * The builds area against a gateway of its own: the shared fixtures with the synthesis log template padded
 * so every build writes a log of over 100,000 lines (the seed data has none that long), and builds paced
 * at 400 ms a step (about 8 s a build), slow enough to watch one run and to cancel it.
 */
const PORT = ownGatewayPort('builds');
const ORIGIN = `http://localhost:${PORT}`;
const PADDING_LINES = 97_000;
let gateway: StartedGateway | undefined;
let fixturesCopy: string | undefined;

interface ApiBuild {
  id: string;
  status: string;
  project_name: string;
}
interface ApiBuildLog {
  lines: string[];
  next_offset: number;
  total: number;
  complete: boolean;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  fixturesCopy = await mkdtemp(path.join(tmpdir(), 'builds-e2e-fixtures-'));
  await cp('fixtures', fixturesCopy, { recursive: true });
  const synthesisLog = path.join(fixturesCopy, 'build-logs', 'synthesis.log');
  const padding = Array.from(
    { length: PADDING_LINES },
    (_, i) => `INFO: [Synth 8-6157] synthesizing module 'pipeline_stage_${i + 1}' [/project/src/pipeline.vhd:${i + 1}]`,
  );
  await writeFile(synthesisLog, `${(await readFile(synthesisLog, 'utf8')).trimEnd()}\n${padding.join('\n')}\n`);

  gateway = await startGateway(PORT, {
    FIXTURES_DIR: fixturesCopy,
    MOCK_BUILD_STEP_MS: '400',
    // Each build here writes a 100,000-line log (about 8 MiB): keep several, beyond the demo's 8 MiB budget.
    MOCK_MAX_BUILD_BYTES: String(256 * 1024 * 1024),
  });
});

// Ada's past builds render their artifacts from these 100,000-line templates once per process (seconds on
// a loaded machine): done here, so no test's first screen waits for it.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  await signIn(page, '#/projects', USERS.ada.email);
  const projects = await page.request.get(`${ORIGIN}/api/projects`, { timeout: 100_000 });
  expect(projects.ok()).toBe(true);
  await page.close();
});

test.afterAll(async () => {
  await gateway?.close();
  if (fixturesCopy) await rm(fixturesCopy, { recursive: true, force: true });
});

async function signIn(page: Page, hash: string, email: string) {
  await page.context().addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: ORIGIN }]);
  await signInDirectly(page, hash, email, ORIGIN);
}

/** Calls the mock API with the page's sign-in cookies. */
async function callApi<T>(page: Page, method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<T> {
  const response = await page.request.fetch(`${ORIGIN}/api${apiPath}`, { method, data: body });
  expect(response.ok(), `${method} ${apiPath}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const uniqueName = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A project with a design to build (a project without a top-level design is refused). */
async function createProject(page: Page, name: string): Promise<string> {
  const project = await callApi<{ id: string }>(page, 'POST', '/projects', { name, example: 'adder-subtractor' });
  return project.id;
}

async function waitForStatus(page: Page, buildId: string, status: string, timeout = 60_000): Promise<void> {
  await expect
    .poll(async () => (await callApi<ApiBuild>(page, 'GET', `/builds/${buildId}`)).status, { timeout })
    .toBe(status);
}

async function readWholeLog(page: Page, buildId: string): Promise<string[]> {
  const lines: string[] = [];
  for (;;) {
    const page_ = await callApi<ApiBuildLog>(page, 'GET', `/builds/${buildId}/log?offset=${lines.length}&limit=100000`);
    lines.push(...page_.lines);
    if (lines.length >= page_.total) return lines;
  }
}

const row = (page: Page, line: number) => page.locator(`.log-viewer__row[data-line="${line}"]`);

async function expectNoAxeViolationsInBothThemes(page: Page, screen: string) {
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page, `${screen} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectNoAxeViolations(page, `${screen} (dark)`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the build list shows a new build and follows it by itself from queued to succeeded', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, '#/projects', USERS.ada.email);
  const name = uniqueName('List');
  const projectId = await createProject(page, name);

  await page.goto(`${ORIGIN}/#/builds/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Builds: ${name}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${name}`));
  await expect(page.getByText('No build history.')).toBeVisible();

  await page.getByRole('button', { name: 'Build', exact: true }).click();
  await expect(page.getByText(`Build queued for project: ${name}`)).toBeVisible();
  // The toast is the shell's (sonner, app/provider.tsx), not this page's: close it before the page's axe check.
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(page.getByText(`Build queued for project: ${name}`)).toHaveCount(0);
  const rows = page.locator('.build-table tbody tr');
  await expect(rows).toHaveCount(1);
  const buildRow = rows.first();
  const buildId = (await buildRow.getAttribute('data-build-id'))!;
  await expect(buildRow.getByRole('link', { name: `Build ${buildId.slice(-7)}` })).toBeVisible();

  // While it runs: its stage, a duration that counts, and a Cancel button; then Succeeded, without a reload.
  await expect(buildRow).toContainText(/Stage: (IP|SYNTHESIS|ROUTE|BITSTREAM)/, { timeout: 20_000 });
  await expect(buildRow.getByRole('button', { name: `Cancel build ${buildId.slice(-7)}` })).toBeVisible();
  await expectNoAxeViolationsInBothThemes(page, 'build list with a running build');
  await expect(buildRow.getByRole('img', { name: 'Succeeded' })).toBeVisible({ timeout: 30_000 });
  await expect(buildRow).toContainText('Succeeded');
  await expect(buildRow.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await expect(buildRow.locator('td').nth(3)).toHaveText(/^\d+s$|^\d+m \d\ds$/);
  await expect(buildRow).toContainText('4.1.1');

  // A second build goes on top: newest first.
  await page.getByRole('button', { name: 'Build', exact: true }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(rows.first()).not.toHaveAttribute('data-build-id', buildId);
  await expect(rows.nth(1)).toHaveAttribute('data-build-id', buildId);

  await rows
    .nth(1)
    .getByRole('link', { name: `Build ${buildId.slice(-7)}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`#/builds/${projectId}/${buildId}$`));
  await expect(page.getByRole('heading', { name: `Build ${buildId.slice(-7)}` })).toBeVisible();
});

test('a 100,000-line log: a permalink opens on its line, search finds the end, download gives it all', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, '#/projects', USERS.grace.email);
  const name = uniqueName('Long log');
  const projectId = await createProject(page, name);
  const build = await callApi<ApiBuild>(page, 'POST', `/projects/${projectId}/builds`);
  await waitForStatus(page, build.id, 'succeeded');
  const log = await readWholeLog(page, build.id);
  expect(log.length).toBeGreaterThan(100_000);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${ORIGIN}/#/builds/${projectId}/${build.id}?line=50000`);
  await expect(page.getByRole('heading', { name: `Build ${build.id.slice(-7)}` })).toBeVisible();
  await expect(row(page, 50_000)).toBeInViewport({ timeout: 20_000 });
  await expect(row(page, 50_000)).toHaveClass(/log-viewer__row--selected/);
  await expect(row(page, 50_000)).toContainText(log[49_999]!.slice(0, 40));
  await expect(row(page, 50_001)).not.toHaveClass(/selected/);

  // Per-stage timings, configuration and artifacts beside the log.
  const stages = page.getByRole('region', { name: 'Stages' });
  for (const stage of ['IP', 'SYNTHESIS', 'ROUTE', 'BITSTREAM']) {
    await expect(stages.getByRole('row', { name: new RegExp(`^${stage} Succeeded`) })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /bitstreams\.tar/ })).toHaveAttribute(
    'href',
    `/api/builds/${encodeURIComponent(build.id)}/artifacts/bitstreams.tar`,
  );

  // Selecting another line puts it in the hash route.
  await row(page, 50_003).getByRole('button', { name: '50003', exact: true }).click();
  await expect(page).toHaveURL(/\?line=50003$/);

  // The last line names the project: a term near the end of the log.
  const lastLine = log.at(-1)!;
  expect(lastLine).toContain(`"${name}" completed successfully`);
  await page.getByRole('searchbox', { name: 'Search logs' }).fill(`"${name}" completed`);
  await expect(page.locator('.log-viewer__search-count')).toHaveText('1 of 1', { timeout: 20_000 });
  await expect(row(page, log.length)).toBeInViewport();
  await expect(row(page, log.length).locator('mark')).toHaveText(`"${name}" completed`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download raw log' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`build-${build.id.slice(-7)}.log`);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toBe(`${log.join('\n')}\n`);

  await expectNoAxeViolationsInBothThemes(page, 'build detail');
  expect(errors).toEqual([]);
});

test('a running build is cancelled from its page without a toast, and shows Cancelled', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, '#/projects', USERS.ada.email);
  const projectId = await createProject(page, uniqueName('Cancel'));
  const build = await callApi<ApiBuild>(page, 'POST', `/projects/${projectId}/builds`);
  await waitForStatus(page, build.id, 'running');

  await page.goto(`${ORIGIN}/#/builds/${projectId}/${build.id}`);
  const shortId = build.id.slice(-7);
  await page.getByRole('button', { name: `Cancel build ${shortId}` }).click();
  await expect(page.locator('.build-detail-status')).toContainText('Cancelled');
  await expect(page.getByRole('img', { name: 'Cancelled' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Cancel build ${shortId}` })).toHaveCount(0);
  await expect(page.getByText(/Failed to cancel build/)).toHaveCount(0);
  // The log keeps what the build wrote, ending with the cancellation.
  await expect(page.locator('.log-viewer__row').last()).toContainText('Build cancelled by the user', {
    timeout: 15_000,
  });
  await waitForStatus(page, build.id, 'cancelled', 5_000);

  // The list says so too.
  await page.goto(`${ORIGIN}/#/builds/${projectId}`);
  await expect(page.locator(`tr[data-build-id="${build.id}"]`)).toContainText('Cancelled');
});

test('an error line naming file:line opens the editor at that file and line', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, '#/projects', USERS.ada.email);
  const projects = await callApi<{ id: string; name: string }[]>(page, 'GET', '/projects');
  const builds = await Promise.all(
    projects.map(async (project) => ({
      project,
      builds: await callApi<ApiBuild[]>(page, 'GET', `/projects/${project.id}/builds`),
    })),
  );
  const failing = builds.find((entry) => entry.builds.some((b) => b.status === 'failed'));
  // The seed data guarantees one (fixtures/projects/clip-draft has a build_error): its absence is a failure.
  expect(
    failing,
    "a failed build of ada's in the seed data (fixtures/projects/*/project.yaml's build_error)",
  ).toBeDefined();
  const failedBuild = failing!.builds.find((b) => b.status === 'failed')!;
  const log = await readWholeLog(page, failedBuild.id);
  const errorIndex = log.findIndex((line) => line.startsWith('ERROR:'));
  const [, file, lineNumber] = /\/([^/\s]+\.(?:vhd|v)):(\d+)\]/.exec(log[errorIndex]!)!;

  await page.goto(`${ORIGIN}/#/builds/${failing!.project.id}/${failedBuild.id}?line=${errorIndex + 1}`);
  const errorRow = row(page, errorIndex + 1);
  await expect(errorRow).toHaveClass(/log-viewer__row--error/);
  await errorRow.getByRole('button', { name: new RegExp(`${file!.replace('.', '\\.')}:${lineNumber}`) }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `#/editor/${failing!.project.id}\\?file=${encodeURIComponent(file!).replace('.', '\\.')}&line=${lineNumber}$`,
    ),
  );
});
