import { expect, test, type Page } from '@playwright/test';
import { callApi } from './support/api';
import { USERS, acceptCookieNotice, expectNoAxeViolations, signInDirectly } from './support/app';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookieNotice(context, baseURL!);
});

const projectTable = (page: Page) => page.getByRole('table', { name: 'Your projects' });

test('a link without the hash, signed out: sign-in, then its screen', async ({ page }) => {
  // What people paste and bookmarks keep: the path, no hash.
  await page.goto('/preferences/api-keys');
  await expect(page).toHaveURL(/\/app\/login\//);
  await page.getByRole('button', { name: new RegExp(USERS.grace.email) }).click();
  await expect(page).toHaveURL(/\/#\/preferences\/api-keys$/);
  await expect(page.getByRole('heading', { name: 'API Keys', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('API Keys - Preferences | Cloud Compile');
});

test('links without the hash, signed in: each lands on its screen, query kept', async ({ page }) => {
  await signInDirectly(page, '#/preferences/account', USERS.ada.email);
  await page.goto('/projects?x=1');
  await expect(page).toHaveURL(/\/#\/projects\?x=1$/);
  await expect(projectTable(page)).toBeVisible();

  // A deep path: the app starts (config.json and its scripts come from the root) and routes it.
  await page.goto('/preferences/keybindings');
  await expect(page).toHaveURL(/\/#\/preferences\/keybindings$/);
  await expect(page.getByRole('heading', { name: 'Keybindings', exact: true })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/#\/no\/such\/page$/);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();

  // The API never falls back to a page, even for a browser asking for HTML.
  const api = await page.request.get('/api/no-such-thing', { headers: { accept: 'text/html' } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ detail: 'Not Found' });
});

test('a bad project id: one not-found view, on the editor and builds routes, with a way back', async ({ page }) => {
  await signInDirectly(page, '#/preferences/account', USERS.ada.email);
  for (const path of [
    '/editor/no-such-project',
    '/builds/no-such-project',
    '/builds/no-such-project/0123456789abcdef',
  ]) {
    // A path link too: it reaches the same view through the hash route.
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Project not found' }), path).toBeVisible();
    await expect(main).toContainText('None of your projects has the id no-such-project.');
    await expect(page).toHaveTitle('Project not found | Cloud Compile');
  }
  await expectNoAxeViolations(page, 'the project-not-found view');
  await page.getByRole('link', { name: 'Go to your projects' }).click();
  await expect(page).toHaveURL(/#\/projects$/);
  await expect(projectTable(page)).toBeVisible();
});

test("a bad build id: a not-found view like a bad project's, with a way back to the project's builds", async ({
  page,
  baseURL,
}) => {
  await signInDirectly(page, '#/projects', USERS.ada.email);
  await expect(projectTable(page)).toBeVisible();
  const projects = await callApi<{ id: string; name: string }[]>(page, baseURL!, 'GET', '/projects');
  const adder = projects.find((project) => project.name === 'Adder')!;
  await page.goto(`/#/builds/${adder.id}/doesnotexist`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Build not found' })).toBeVisible();
  await expect(main).toContainText('The project Adder has no build with the id doesnotexist.');
  // The API answered 404: nothing to retry, and no breadcrumb naming a build that is not there.
  await expect(main.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(main.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the build-not-found view');
  await main.getByRole('link', { name: 'Go to the builds of Adder' }).click();
  await expect(page).toHaveURL(new RegExp(`#/builds/${adder.id}$`));
  await expect(main.getByRole('heading', { level: 1, name: 'Builds: Adder' })).toBeVisible();
});

/** While `down.value` is true, every call for the projects list fails as a dropped connection would. */
async function failProjectsListWhile(page: Page, down: { value: boolean }): Promise<void> {
  await page.route(/\/api\/projects(\?|$)/, (route) =>
    down.value ? route.abort('internetdisconnected') : route.fallback(),
  );
}

test('Retry recovers the projects list after the network returns', async ({ page }) => {
  await signInDirectly(page, '#/preferences/account', USERS.ada.email);
  const down = { value: true };
  await failProjectsListWhile(page, down);
  await page.goto('/#/projects');
  await expect(page.getByRole('alert')).toContainText('The projects could not be loaded.');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expectNoAxeViolations(page, 'the projects load error');

  // Still down: Retry asks again and the error stays, with the button, usable again once that ask failed.
  await retry.click();
  await expect(page.getByRole('alert')).toContainText('The projects could not be loaded.');
  await expect(retry).toBeEnabled();

  // Back up, and Retry clicked at once (SWR's own retry, seconds later, must not be what recovers).
  down.value = false;
  await retry.click();
  await expect(projectTable(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the projects list comes back by itself when the browser is online again', async ({ page, context }) => {
  await signInDirectly(page, '#/preferences/account', USERS.ada.email);
  const down = { value: true };
  await failProjectsListWhile(page, down);
  await page.goto('/#/projects');
  await expect(page.getByRole('alert')).toContainText('The projects could not be loaded.');
  // The connection was lost: the browser says so (offline), then gets it back.
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

  // Back online: no click, the list loads (SWR revalidates on the browser's online event). Well
  // within SWR's own error retry, which waits 5 s or more.
  down.value = false;
  await context.setOffline(false);
  await expect(projectTable(page)).toBeVisible({ timeout: 4_000 });
});

test('the API description not served (proxy mode, upstream down): the page says what the gateway said', async ({
  page,
}) => {
  // As the gateway answers with the compile API down (server/src/proxy/upstream.ts).
  await page.route(/\/api\/openapi\.json$/, (route) =>
    route.fulfill({ status: 502, json: { detail: 'The compile API could not be reached' } }),
  );
  await signInDirectly(page, '#/projects', USERS.ada.email);
  await expect(page.getByRole('alert')).toHaveText(
    'The API description could not be loaded (502): The compile API could not be reached',
  );
});
