import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/sign-in.js';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { caller, type ApiCaller } from '../helpers/contract-caller.js';
import { ADA, GRACE } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

// Real builds over the API (MOCK_BUILDS=toolchain on the seed fixtures): diagnostics served with the
// build in the contract's shape, the check build's artifacts, one tool slot shared by every user with a
// real queue position, and a project without a top-level design refused.

interface Build {
  id: string;
  status: string;
  queue_position: number | null;
  stages: { name: string; status: string }[];
  artifacts: { name: string }[];
  error: string | null;
  diagnostics: {
    file: string;
    line: number;
    column: number | null;
    severity: string;
    message: string;
    origin: string;
  }[];
}

describe('mock API with MOCK_BUILDS=toolchain', () => {
  let gateway: RunningGateway;
  let ada: ApiCaller;
  let grace: ApiCaller;
  const logLines: string[] = [];

  beforeAll(async () => {
    gateway = await startGateway(
      { MOCK_BUILDS: 'toolchain', MOCK_BUILD_CONCURRENCY: '1', LOG_LEVEL: 'info' },
      logLines,
    );
    const as = async (email: string) =>
      caller(gateway.app, { cookie: (await signIn(gateway.baseUrl, email)).cookieHeader });
    ada = await as(ADA);
    grace = await as(GRACE);
  });
  afterAll(() => gateway?.close());

  const projectId = async (who: ApiCaller, name: string) =>
    (await who('GET', '/api/projects')).json<{ id: string; name: string }[]>().find((p) => p.name === name)!.id;
  const details = async (who: ApiCaller, id: string) => (await who('GET', `/api/builds/${id}`)).json<Build>();
  const finished = (who: ApiCaller, id: string) =>
    waitFor(
      async () => {
        const build = await details(who, id);
        return build.status === 'queued' || build.status === 'running' ? undefined : build;
      },
      `build ${id} to finish`,
      240_000,
    );
  const running = (who: ApiCaller, id: string) =>
    waitFor(
      async () => ((await details(who, id)).status === 'running' ? true : undefined),
      `build ${id} to run`,
      60_000,
    );

  it('says at start which runner builds and why', () => {
    expect(logLines.join('\n')).toMatch(/Mock builds: toolchain \(MOCK_BUILDS=toolchain: builds run GHDL 2\.\d/);
  });

  it(
    "serves a failed build's diagnostics at the user's file and line, never the temporary directory",
    { timeout: 240_000 },
    async () => {
      const id = await projectId(ada, 'Adder');
      const file = (await ada('GET', `/api/projects/${id}/files/adder.vhd`)).json<{
        content: string;
        timestamp: string;
      }>();
      const lines = file.content.split('\n');
      const at = lines.findIndex((l) => l.includes('<=')); // a signal assignment to break
      lines[at] = lines[at]!.replace('<=', '<= garbage');
      expect((await ada('PUT', `/api/projects/${id}/files/adder.vhd`, { text: lines.join('\n') })).statusCode).toBe(
        200,
      );

      const queued = await ada('POST', `/api/projects/${id}/builds`);
      expect(queued.statusCode).toBe(201);
      const build = await finished(ada, queued.json<Build>().id);
      expect(build.status).toBe('failed');
      expect(build.diagnostics[0]).toMatchObject({
        file: 'adder.vhd',
        line: at + 1,
        severity: 'error',
        origin: 'user',
      });
      expect(build.error).toContain(`(adder.vhd, line ${at + 1})`);
      expect(build.stages.map((s) => s.status)).toEqual(['succeeded', 'failed', 'pending', 'pending']);
      const log = (await ada('GET', `/api/builds/${build.id}/log`)).json<{ lines: string[] }>().lines;
      expect(log.join('\n')).not.toMatch(/cc-build-/);
      expect(log).toContain(
        `Check build failed: ${build.diagnostics.filter((d) => d.severity === 'error').length} errors · 0 warnings in your files · 0 from the platform`,
      );
      expect(build.artifacts.map((a) => a.name)).toEqual(['build.log']);
      // Fixed again: the next build succeeds with the check build's artifacts, and no diagnostics.
      expect((await ada('PUT', `/api/projects/${id}/files/adder.vhd`, { text: file.content })).statusCode).toBe(200);
      const again = await finished(ada, (await ada('POST', `/api/projects/${id}/builds`)).json<Build>().id);
      expect(again).toMatchObject({ status: 'succeeded', diagnostics: [] });
      expect(again.stages.map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'skipped', 'skipped']);
      expect(again.artifacts.map((a) => a.name)).toEqual(['resources.rpt', 'netlist.json', 'build.log']);
      const report = await ada('GET', `/api/builds/${again.id}/artifacts/resources.rpt`);
      expect(report.body).toMatch(/Number of cells:\s+[1-9]/);
    },
  );

  it(
    'one tool slot for everyone: builds wait across users with their real queue position, then run in turn',
    { timeout: 300_000 },
    async () => {
      const adaProject = await projectId(ada, 'Voltage Limiter');
      const adaBuild = (await ada('POST', `/api/projects/${adaProject}/builds`)).json<Build>();
      await running(ada, adaBuild.id);
      const graceBuild = (
        await grace('POST', `/api/projects/${await projectId(grace, 'Voltage Limiter')}/builds`)
      ).json<Build>();
      const adaSecond = (await ada('POST', `/api/projects/${adaProject}/builds`)).json<Build>();
      // Grace's waits for the slot Ada's first build holds; Ada's second waits behind both.
      expect(await details(grace, graceBuild.id)).toMatchObject({ status: 'queued', queue_position: 1 });
      expect(await details(ada, adaSecond.id)).toMatchObject({ status: 'queued', queue_position: 2 });
      expect((await finished(ada, adaBuild.id)).status).toBe('succeeded');
      // The slot passes on in turn. Each later build is seen running its tools and is then cancelled: the
      // design's Yosys run to its end is the first build's (and the seed builds' in toolchain-runner.test.ts).
      await running(grace, graceBuild.id);
      expect(await details(ada, adaSecond.id)).toMatchObject({ status: 'queued', queue_position: 1 });
      expect((await grace('POST', `/api/builds/${graceBuild.id}/cancel`)).json()).toMatchObject({
        status: 'cancelled',
      });
      await running(ada, adaSecond.id);
      expect((await ada('POST', `/api/builds/${adaSecond.id}/cancel`)).json()).toMatchObject({ status: 'cancelled' });
    },
  );

  it('refuses to queue a project without a top-level design, saying what is missing', async () => {
    const created = (await ada('POST', '/api/projects', { body: { name: 'No top level' } })).json<{ id: string }>();
    await ada('POST', `/api/projects/${created.id}/files/helper.vhd`, { text: 'entity Helper is end entity;\n' });
    const refused = await ada('POST', `/api/projects/${created.id}/builds`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toMatch(
      /^No top-level design: no file holds an `architecture … of CustomInstrument`/,
    );
  });
});

describe('mock API with simulated builds', () => {
  let gateway: RunningGateway;
  let ada: ApiCaller;
  beforeAll(async () => {
    gateway = await startGateway({ MOCK_BUILDS: 'simulated', MOCK_BUILD_STEP_MS: '1' });
    ada = caller(gateway.app, { cookie: (await signIn(gateway.baseUrl, ADA)).cookieHeader });
  });
  afterAll(() => gateway?.close());

  it("fails the seed project's scripted error only while its file holds the faulty line", async () => {
    const id = (await ada('GET', '/api/projects'))
      .json<{ id: string; name: string }[]>()
      .find((p) => p.name === 'Clip (draft)')!.id;
    const build = async () => {
      const queued = (await ada('POST', `/api/projects/${id}/builds`)).json<Build>();
      return waitFor(async () => {
        const now = (await ada('GET', `/api/builds/${queued.id}`)).json<Build>();
        return now.status === 'queued' || now.status === 'running' ? undefined : now;
      }, 'the build');
    };
    const broken = await build();
    expect(broken).toMatchObject({
      status: 'failed',
      diagnostics: [{ file: 'clip.vhd', line: 24, severity: 'error', origin: 'user' }],
    });
    const content = (await ada('GET', `/api/projects/${id}/files/clip.vhd`)).json<{ content: string }>().content;
    await ada('PUT', `/api/projects/${id}/files/clip.vhd`, { text: `-- a line added above\n${content}` });
    expect(await build()).toMatchObject({ status: 'failed', diagnostics: [{ line: 25 }] });
    await ada('PUT', `/api/projects/${id}/files/clip.vhd`, { text: content.replace("'1' them", "'1' then") });
    expect(await build()).toMatchObject({ status: 'succeeded', diagnostics: [] });
  });
});
