import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, signIn } from '../helpers/sign-in.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';

const CAP = 1000;
const FLOOD = 1005;
const REGISTER = '/app/register/?client_id=cloud-compile&scope=openid%20offline_access';

/** Registers a made-up user over the real form and creates a project: a new sandbox holding work. */
async function registerAndCall(baseUrl: string, index: number): Promise<{ status: number; detail?: string }> {
  const jar = new CookieJar();
  const registered = await jar.fetch(`${baseUrl}${REGISTER}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: `flood-${index}@example.net`, name: `Flood ${index}` }).toString(),
  });
  await registered.body?.cancel();
  if (registered.status !== 302) throw new Error(`registration ${index}: HTTP ${registered.status}`);
  const response = await jar.fetch(`${baseUrl}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Flood ${index}` }),
  });
  const body = (await response.json()) as { detail?: string };
  return { status: response.status, detail: body.detail };
}

/**
 * The attack: 1,005 made-up sign-ins, one new project each. The demo used to evict the least
 * recently used sandbox at its cap (Ada's new project then answered 404); now a full demo refuses
 * new sandboxes with 503 and a clear message, and every active visitor keeps their data.
 */
describe("a registration flood cannot wipe other visitors' data", () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startApiGateway({
      MOCK_MAX_SANDBOXES: String(CAP),
      // One test client is one address: lift the per-address limits to reach the sandbox cap (their
      // own tests: session-table.test.ts, public-demo-bounds.test.ts).
      MOCK_SIGN_IN_RATE_LIMIT: '100000',
      MOCK_MAX_SESSIONS_PER_ADDRESS: '100000',
      MOCK_MAX_SANDBOXES_PER_ADDRESS: '100000',
    });
  });
  afterAll(() => gateway.stop());

  it(
    `${FLOOD} registrations: the overflow answers 503, Ada's new project is still there`,
    { timeout: 120_000 },
    async () => {
      const ada = await signIn(gateway.baseUrl, ADA);
      const created = await ada.jar.fetch(`${gateway.baseUrl}/api/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada before the flood' }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };

      const results: { status: number; detail?: string }[] = [];
      const CONCURRENCY = 16;
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < FLOOD) {
            const index = next++;
            results[index] = await registerAndCall(gateway.baseUrl, index);
          }
        }),
      );
      const statuses = results.map((r) => r.status);
      // Ada holds one sandbox, so CAP - 1 newcomers get theirs and the rest are refused.
      expect(statuses.filter((s) => s === 201)).toHaveLength(CAP - 1);
      const refused = results.filter((r) => r.status === 503);
      expect(refused).toHaveLength(FLOOD - CAP + 1);
      expect(refused[0]!.detail).toBe(
        `The demo is full: it keeps at most ${CAP} visitors' workspaces and every one is in use. Try again later; workspaces idle for 60 minutes are freed.`,
      );

      const after = await ada.jar.fetch(`${gateway.baseUrl}/api/projects/${id}`);
      expect(after.status).toBe(200);
      expect(((await after.json()) as { name: string }).name).toBe('Ada before the flood');
    },
  );
});
