import { expect, test } from '@playwright/test';
import { startRedis, type TestRedis } from '../server/test/helpers/redis-server';
import { callApi } from './support/api';
import { USERS, acceptCookieNotice, expectNoAxeViolations, signInDirectly } from './support/app';
import { ownGatewayPort } from './support/own-gateway';
import { startGateway, type StartedGateway } from './support/gateway';

/**
 * A tab on a gateway that stops: the page says the connection is lost within seconds, and recovers
 * when the gateway is back. A gateway of its own (the shared one must not stop), keeping its state
 * and sign-ins in a real redis-server, so the restarted gateway still knows the signed-in user.
 * Builds are paced slowly, so the build is still running when the gateway stops.
 */
const PORT = ownGatewayPort('connection-lost');
const ORIGIN = `http://localhost:${PORT}`;
let redis: TestRedis | undefined;
let gateway: StartedGateway | undefined;

const start = () =>
  startGateway(PORT, {
    MOCK_STORE: redis!.url,
    SESSION_SECRET: 'connection-lost-e2e-secret-0123456789',
    MOCK_BUILD_STEP_MS: '3000',
    SHUTDOWN_GRACE_MS: '1000',
  });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  redis = await startRedis();
  gateway = await start();
});

test.afterAll(async () => {
  await gateway?.close();
  await redis?.dispose();
});

test('the gateway stops: a notice within 5 s; it starts again: the notice goes and the page is current', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await acceptCookieNotice(context, ORIGIN);
  await signInDirectly(page, '#/projects', USERS.ada.email, ORIGIN);
  const projects = await callApi<{ id: string; name: string }[]>(page, ORIGIN, 'GET', '/projects');
  const adder = projects.find((project) => project.name === 'Adder')!;
  const build = await callApi<{ id: string }>(page, ORIGIN, 'POST', `/projects/${adder.id}/builds`);
  await page.goto(`${ORIGIN}/#/builds/${adder.id}/${build.id}`);
  const status = page.locator('.build-detail-status');
  await expect(status).toContainText('Running');
  const notice = page.getByRole('status').filter({ hasText: 'Connection to the server lost — retrying…' });
  await expect(notice).toHaveCount(0);

  await gateway!.close();
  const stoppedAt = Date.now();
  await expect(notice).toBeVisible({ timeout: 5_000 });
  test.info().annotations.push({ type: 'notice after', description: `${Date.now() - stoppedAt} ms` });
  await expectNoAxeViolations(page, 'the build page with the connection lost');

  gateway = await start();
  await expect(notice).toHaveCount(0, { timeout: 10_000 });
  // The page asked again: the build that stopped with its gateway shows as failed, Cancel gone.
  await expect(status).toContainText('Failed', { timeout: 10_000 });
  await expect(page.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
});
