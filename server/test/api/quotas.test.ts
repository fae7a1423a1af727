import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA, GRACE } from '../helpers/test-fixtures.js';

/**
 * The public demo's per-sandbox quotas at their edges, over real HTTP: the limit itself is
 * allowed, one more is refused with 422 (a detail list) or 429 and a message naming the limit.
 */
type Json = Record<string, unknown>;

function client(gateway: TestGateway, cookie: string) {
  return async (method: string, path: string, body?: { json?: unknown; text?: string }) => {
    const headers: Record<string, string> = { cookie };
    let payload: string | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.text !== undefined) {
      headers['content-type'] = 'text/plain';
      payload = body.text;
    }
    const response = await fetch(`${gateway.baseUrl}/api${path}`, { method, headers, body: payload });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json & { detail?: unknown } };
  };
}

/** The message of a 422 detail list with one quota issue. */
function quotaMessage(body: { detail?: unknown }): string {
  const detail = body.detail as { msg: string; type: string }[];
  expect(detail).toHaveLength(1);
  expect(detail[0]!.type).toBe('quota_exceeded');
  return detail[0]!.msg;
}

describe('per-sandbox quotas: counts', () => {
  let gateway: TestGateway;
  let api: ReturnType<typeof client>;
  let projectId: string;

  beforeAll(async () => {
    gateway = await startApiGateway({
      MOCK_MAX_PROJECTS: '3',
      MOCK_MAX_FILES_PER_PROJECT: '4',
      MOCK_MAX_API_KEYS: '2',
      MOCK_MAX_QUEUED_BUILDS: '2',
      MOCK_MAX_BUILDS_PER_HOUR: '3',
      // Builds stay queued or running for the whole test.
      MOCK_BUILD_STEP_MS: '60000',
    });
    api = client(gateway, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
    const projects = await api('GET', '/projects');
    expect(projects.body).toHaveLength(2); // Adder and Limiter
    projectId = (projects.body as unknown as { id: string; name: string }[]).find((p) => p.name === 'Adder')!.id;
  });
  afterAll(() => gateway.stop());

  it('projects: the 3rd is made, the 4th refused with 422 naming the limit; deleting one makes room', async () => {
    const third = await api('POST', '/projects', { json: { name: 'Third' } });
    expect(third.status).toBe(201);
    const fourth = await api('POST', '/projects', { json: { name: 'Fourth' } });
    expect(fourth.status).toBe(422);
    expect(quotaMessage(fourth.body)).toBe(
      'Project limit reached: this demo keeps at most 3 projects per user; delete one first',
    );
    expect(await api('DELETE', `/projects/${String(third.body.id)}`)).toMatchObject({ status: 204 });
    expect((await api('POST', '/projects', { json: { name: 'Fourth' } })).status).toBe(201);
  });

  it('files per project: the 4th file is made, the 5th refused with 422 naming the limit', async () => {
    expect((await api('GET', `/projects/${projectId}/files`)).body).toHaveLength(2);
    expect((await api('POST', `/projects/${projectId}/files/c.vhd`, { text: '-- c' })).status).toBe(201);
    expect((await api('POST', `/projects/${projectId}/files/d.vhd`, { text: '-- d' })).status).toBe(201);
    const fifth = await api('POST', `/projects/${projectId}/files/e.vhd`, { text: '-- e' });
    expect(fifth.status).toBe(422);
    expect(quotaMessage(fifth.body)).toBe(
      'File limit reached: this demo keeps at most 4 files per project; delete one first',
    );
    // Saving an existing file is not a new file.
    expect((await api('PUT', `/projects/${projectId}/files/d.vhd`, { text: '-- d2' })).status).toBe(200);
  });

  it('API keys: the 2nd is made, the 3rd refused with 422 naming the limit', async () => {
    const key = (name: string) => api('POST', '/api-keys', { json: { name, scopes: ['projects:read'] } });
    expect((await key('one')).status).toBe(201);
    expect((await key('two')).status).toBe(201);
    const third = await key('three');
    expect(third.status).toBe(422);
    expect(quotaMessage(third.body)).toBe(
      'API key limit reached: this demo keeps at most 2 API keys per user; delete one first',
    );
  });

  it('builds: 2 waiting at once, then 429; 3 an hour, then 429 naming the limit even with the queue empty', async () => {
    const queue = () => api('POST', `/projects/${projectId}/builds`);
    const first = await queue();
    const second = await queue();
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await queue();
    expect(third.status).toBe(429);
    expect(third.body.detail).toBe(
      'Build queue limit reached: this demo runs at most 2 builds per user at once (queued or running); wait for one to finish or cancel one',
    );
    for (const build of [first, second])
      expect((await api('POST', `/builds/${String(build.body.id)}/cancel`)).status).toBe(200);
    const thirdThisHour = await queue();
    expect(thirdThisHour.status).toBe(201);
    expect((await api('POST', `/builds/${String(thirdThisHour.body.id)}/cancel`)).status).toBe(200);
    const fourth = await queue();
    expect(fourth.status).toBe(429);
    expect(fourth.body.detail).toMatch(
      /^Build rate limit reached: this demo runs at most 3 builds per user per hour; try again in (60|59) minutes$/,
    );
  });

  it('quotas are per sandbox: Grace is not limited by what Ada used', async () => {
    const grace = client(gateway, (await signIn(gateway.baseUrl, GRACE)).cookieHeader);
    expect((await grace('POST', '/api-keys', { json: { name: 'g', scopes: ['projects:read'] } })).status).toBe(201);
    expect((await grace('POST', '/projects', { json: { name: 'Graces' } })).status).toBe(201);
  });
});

describe('per-sandbox quotas: bytes', () => {
  let gateway: TestGateway;
  let api: ReturnType<typeof client>;
  let projectId: string;
  const FILE_MAX = 1000;
  const TOTAL_MAX = 2500;

  beforeAll(async () => {
    gateway = await startApiGateway({
      MOCK_MAX_FILE_BYTES: String(FILE_MAX),
      MOCK_MAX_SANDBOX_BYTES: String(TOTAL_MAX),
    });
    api = client(gateway, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
    projectId = String(((await api('POST', '/projects', { json: { name: 'Bytes' } })).body as { id: string }).id);
  });
  afterAll(() => gateway.stop());

  /** Bytes of every file Ada holds, added up from the API's own file sizes. */
  async function storedBytes(): Promise<number> {
    let total = 0;
    for (const project of (await api('GET', '/projects')).body as unknown as { id: string }[]) {
      for (const file of (await api('GET', `/projects/${project.id}/files`)).body as unknown as { size: number }[])
        total += file.size;
    }
    return total;
  }

  it('a file of exactly the limit is kept; one byte more is refused (create and save), in bytes not characters', async () => {
    expect((await api('POST', `/projects/${projectId}/files/max.v`, { text: 'x'.repeat(FILE_MAX) })).status).toBe(201);
    const over = await api('POST', `/projects/${projectId}/files/over.v`, { text: 'x'.repeat(FILE_MAX + 1) });
    expect(over.status).toBe(422);
    expect(quotaMessage(over.body)).toBe(
      'File size limit: this demo keeps files of at most 1000 bytes (this one is 1001 bytes)',
    );
    // 500 two-byte characters are 1000 bytes; one more is over.
    expect((await api('PUT', `/projects/${projectId}/files/max.v`, { text: 'é'.repeat(500) })).status).toBe(200);
    expect((await api('PUT', `/projects/${projectId}/files/max.v`, { text: `${'é'.repeat(500)}x` })).status).toBe(422);
  });

  it('all files together: up to the limit is kept, one byte more refused; shrinking a file is always allowed', async () => {
    const room = TOTAL_MAX - (await storedBytes());
    expect(room).toBeGreaterThan(0);
    expect(room).toBeLessThan(2 * FILE_MAX);
    const first = Math.min(room, FILE_MAX);
    expect((await api('POST', `/projects/${projectId}/files/fill1.v`, { text: 'y'.repeat(first) })).status).toBe(201);
    const rest = room - first;
    expect((await api('POST', `/projects/${projectId}/files/fill2.v`, { text: 'y'.repeat(rest) })).status).toBe(201);
    expect(await storedBytes()).toBe(TOTAL_MAX);
    const over = await api('POST', `/projects/${projectId}/files/one-more.v`, { text: 'z' });
    expect(over.status).toBe(422);
    expect(quotaMessage(over.body)).toMatch(
      /^Storage limit reached: this demo keeps at most 2\.4 KiB of files per user/,
    );
    expect((await api('PUT', `/projects/${projectId}/files/fill2.v`, { text: 'y'.repeat(rest + 1) })).status).toBe(422);
    expect((await api('PUT', `/projects/${projectId}/files/fill1.v`, { text: 'short' })).status).toBe(200);
    expect((await api('POST', `/projects/${projectId}/files/one-more.v`, { text: 'z' })).status).toBe(201);
  });
});

describe("the in-memory store's bound (MOCK_MAX_STORE_MB): the gateway's heap holds everyone's work", () => {
  let gateway: TestGateway;
  let ada: ReturnType<typeof client>;
  let grace: ReturnType<typeof client>;

  beforeAll(async () => {
    gateway = await startApiGateway({
      MOCK_MAX_STORE_MB: '1',
      MOCK_MAX_FILE_BYTES: String(1024 * 1024),
      MOCK_MAX_SANDBOX_BYTES: String(2 * 1024 * 1024),
    });
    ada = client(gateway, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
    grace = client(gateway, (await signIn(gateway.baseUrl, GRACE)).cookieHeader);
  });
  afterAll(() => gateway.stop());

  it("once the store holds the limit, new builds answer 503 saying why, for everyone; nobody's work is dropped for room", async () => {
    const projectId = ((await ada('GET', '/projects')).body as unknown as { id: string }[])[0]!.id;
    // Below the limit a build is queued.
    const first = await ada('POST', `/projects/${projectId}/builds`);
    expect(first.status).toBe(201);
    // A file of 1 MiB on its own fills the store.
    const filler = `-- ${'x'.repeat(1024 * 1024 - 4)}\n`;
    expect((await ada('POST', `/projects/${projectId}/files/filler.vhd`, { text: filler })).status).toBe(201);
    const refused = await ada('POST', `/projects/${projectId}/builds`);
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toBe(
      "The demo's storage is full (it keeps at most 1 MiB of workspaces and build output): new builds and simulations wait until idle workspaces are cleared; try again in a few minutes",
    );
    const graceProject = ((await grace('GET', '/projects')).body as unknown as { id: string }[])[0]!.id;
    expect((await grace('POST', `/projects/${graceProject}/builds`)).status).toBe(503);
    // Everything stored is still there, and reads and saves go on.
    expect((await ada('GET', `/projects/${projectId}/builds/latest`)).body.id).toBe(first.body.id);
    expect((await ada('GET', `/projects/${projectId}/files/filler.vhd`)).status).toBe(200);
    // Room again (the file goes): builds are queued again.
    expect((await ada('DELETE', `/projects/${projectId}/files/filler.vhd`)).status).toBe(204);
    expect((await ada('POST', `/projects/${projectId}/builds`)).status).toBe(201);
  });
});
