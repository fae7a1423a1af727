import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { caller } from '../helpers/contract-caller.js';
import { ADA } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

/** The gateway starts on the repository's own fixtures/ and serves them through the contract. */
describe('mock API on the repository fixtures', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway({ MOCK_BUILD_STEP_MS: '1' });
  });
  afterAll(() => gateway.close());

  it("serves Ada's projects, their files and a build that runs to its end", async () => {
    const ada = caller(gateway.app, { cookie: (await signIn(gateway.baseUrl, ADA)).cookieHeader });
    const projects = (await ada('GET', '/api/projects')).json<{ id: string; name: string }[]>();
    expect(projects.length).toBeGreaterThan(0);
    const files = (await ada('GET', `/api/projects/${projects[0]!.id}/files`)).json<{ name: string }[]>();
    expect(files.length).toBeGreaterThan(0);
    expect(
      (await ada('GET', `/api/projects/${projects[0]!.id}/files/${encodeURIComponent(files[0]!.name)}`)).statusCode,
    ).toBe(200);
    expect((await ada('GET', '/api/examples')).json().length).toBeGreaterThan(0);
    const build = (await ada('POST', `/api/projects/${projects[0]!.id}/builds`)).json<{ id: string }>();
    const done = await waitFor(
      async () => {
        const now = (await ada('GET', `/api/builds/${build.id}`)).json<{ status: string }>();
        return now.status === 'queued' || now.status === 'running' ? undefined : now;
      },
      'the build to finish',
      60_000,
    );
    expect(['succeeded', 'failed']).toContain(done.status);
    const log = (await ada('GET', `/api/builds/${build.id}/log?limit=100000`)).json<{ total: number }>();
    expect(log.total).toBeGreaterThan(100);
  }, 90_000);
});
