import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildRunner } from '../../src/mock/builds/runner.js';
import { buildsToDrop, type RetainedBuild } from '../../src/mock/builds/queue/build-retention.js';
import { startSignedInGateway, type TestGateway } from '../helpers/gateway.js';
import { sandboxHarness } from '../helpers/sandbox-harness.js';
import { ADA, useTestSeed } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

/** Finished builds of a sandbox are bounded: a count per project and bytes per sandbox. */

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
const build = (id: string, minute: number, bytes = 0, finished = true, projectId = 'p'): RetainedBuild => ({
  id,
  projectId,
  queuedAt: at(minute),
  finished,
  bytes,
});

describe('buildsToDrop', () => {
  it('keeps the newest finished builds of each project, dropping the rest', () => {
    const builds = [
      build('a1', 1),
      build('a2', 2),
      build('a3', 3),
      build('b1', 1, 0, true, 'q'),
      build('b2', 2, 0, true, 'q'),
    ];
    expect([...buildsToDrop(builds, { perProject: 2, bytes: Infinity })]).toEqual(['a1']);
  });

  it('never drops a queued or running build, nor a project’s latest build for the count', () => {
    const active = [build('running', 3, 50, false), build('queued', 4, 50, false)];
    // Over any byte budget: only a finished build may go, and not the newest finished one.
    expect([
      ...buildsToDrop([build('old', 1, 10), build('newer', 2, 10), ...active], { perProject: 5, bytes: 0 }),
    ]).toEqual(['old']);
    // One finished build per project: the newer finished one stays beside the unfinished ones.
    expect([...buildsToDrop([build('f1', 1), build('f2', 2), ...active], { perProject: 1, bytes: Infinity })]).toEqual([
      'f1',
    ]);
    expect([...buildsToDrop([build('latest', 5, 10_000)], { perProject: 1, bytes: 1 })]).toEqual([]);
  });

  it('over the byte budget, projects’ latest builds go too once the older ones were not enough — never the newest', () => {
    const builds = [
      build('p-old', 1, 400),
      build('p-latest', 2, 400),
      build('q-latest', 3, 400, true, 'q'),
      build('r-latest', 4, 400, true, 'r'),
    ];
    // The older build of p first; then p's and q's latest, oldest first; r's (the newest) stays.
    expect([...buildsToDrop(builds, { perProject: 10, bytes: 1200 })]).toEqual(['p-old']);
    expect([...buildsToDrop(builds, { perProject: 10, bytes: 800 })]).toEqual(['p-old', 'p-latest']);
    expect([...buildsToDrop(builds, { perProject: 10, bytes: 0 })]).toEqual(['p-old', 'p-latest', 'q-latest']);
    // A running build and the newest finished one are never dropped, whatever the budget.
    const withRunning = [...builds, build('running', 5, 0, false, 's')];
    expect(buildsToDrop(withRunning, { perProject: 10, bytes: 0 }).has('r-latest')).toBe(false);
    expect(buildsToDrop(withRunning, { perProject: 10, bytes: 0 }).has('running')).toBe(false);
  });

  it('over the byte budget drops the oldest finished builds first, across projects', () => {
    const builds = [
      build('p1', 1, 400),
      build('q1', 2, 400, true, 'q'),
      build('p2', 3, 400),
      build('q2', 4, 400, true, 'q'),
    ];
    expect([...buildsToDrop(builds, { perProject: 10, bytes: 1000 })]).toEqual(['p1', 'q1']);
    expect([...buildsToDrop(builds, { perProject: 10, bytes: 1200 })]).toEqual(['p1']);
    expect([...buildsToDrop(builds, { perProject: 10, bytes: 1600 })]).toEqual([]);
  });
});

describe('a sandbox keeps what its retention allows', () => {
  const seed = useTestSeed();

  /** A runner that finishes each build at once with a netlist of `artifactBytes` and one log line. */
  const instantRunner = (artifactBytes: number): BuildRunner => ({
    start(_job, progress) {
      progress.log(['INFO: built']);
      progress.finished({
        status: 'succeeded',
        artifacts: [{ name: 'netlist.json', contentType: 'application/json', content: Buffer.alloc(artifactBytes) }],
      });
      return { cancel() {} };
    },
    close() {},
  });

  /** Ada's sandbox with builds run by `runner`, and a wait for all its builds to finish. */
  async function adaWith(runner: BuildRunner, clock: () => number) {
    const harness = sandboxHarness({ seed: seed(), runner, startedAt: at(0), clock });
    const ada = await harness.ada();
    const projectId = await ada.read((s) => s.listProjects().find((p) => p.name === 'Adder')!.id);
    const allFinished = () =>
      waitFor(async () => {
        const builds = await ada.read((s) => s.listBuilds(projectId));
        return builds.every((b) => b.status !== 'queued' && b.status !== 'running') ? builds : undefined;
      }, 'every build to finish');
    return { ...ada, projectId, allFinished, close: harness.close };
  }

  it('after N+k builds lists N, the older ones are 404, and the retained bytes stay within the budget', async () => {
    let minute = 0;
    const ada = await adaWith(instantRunner(1000), () => at(++minute).getTime());
    await ada.write((s) => s.retainBuilds({ perProject: 3, bytes: 2500 }));
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(await ada.write((s) => s.newBuild(ada.projectId).id));
      await ada.allFinished();
    }
    // Three by count, but 3 × ~1 KB is over 2500 bytes: the oldest of them goes too.
    expect(await ada.read((s) => s.listBuilds(ada.projectId).map((b) => b.id))).toEqual([ids[5], ids[4]]);
    for (const old of ids.slice(0, 4)) await expect(ada.read((s) => s.getBuild(old))).rejects.toThrow(/Build/);
    const usage = await ada.read((s) => s.usage());
    expect(usage.buildBytes).toBeGreaterThan(2000);
    expect(usage.buildBytes).toBeLessThanOrEqual(2500);
    await ada.close();
  });

  it('counts a build’s diagnostics toward the byte budget (their messages are the design’s own text)', async () => {
    const warnings = Array.from({ length: 100 }, (_, line) => ({
      file: 'adder.vhd',
      line: line + 1,
      column: 1,
      severity: 'warning' as const,
      message: `assertion: ${'w'.repeat(400)}`,
      origin: 'user' as const,
    }));
    const chatty: BuildRunner = {
      start(_job, progress) {
        progress.diagnostics!(warnings);
        progress.finished({ status: 'succeeded', artifacts: [] });
        return { cancel() {} };
      },
      close() {},
    };
    let minute = 0;
    const ada = await adaWith(chatty, () => at(++minute).getTime());
    // Two builds' diagnostics (~45 KB each) do not fit in 60 KB: only the newer build stays.
    await ada.write((s) => s.retainBuilds({ perProject: 5, bytes: 60_000 }));
    const first = await ada.write((s) => s.newBuild(ada.projectId).id);
    await ada.allFinished();
    const second = await ada.write((s) => s.newBuild(ada.projectId).id);
    await ada.allFinished();
    expect(await ada.read((s) => s.listBuilds(ada.projectId).map((b) => b.id))).toEqual([second]);
    await expect(ada.read((s) => s.getBuild(first))).rejects.toThrow(/Build/);
    expect(await ada.read((s) => s.usage().buildBytes)).toBeGreaterThan(40_000);
    await ada.close();
  });

  it('keeps the latest build even when it alone is over the budget', async () => {
    const ada = await adaWith(instantRunner(10_000), Date.now);
    await ada.write((s) => s.retainBuilds({ perProject: 5, bytes: 100 }));
    const latest = await ada.write((s) => s.newBuild(ada.projectId).id);
    await ada.allFinished();
    expect(await ada.read((s) => s.listBuilds(ada.projectId).map((b) => b.id))).toEqual([latest]);
    expect((await ada.read((s) => s.getArtifact(latest, 'netlist.json'))).content.length).toBe(10_000);
    await ada.close();
  });
});

describe('mock API: MOCK_MAX_BUILDS_KEPT_PER_PROJECT over HTTP', () => {
  let gateway: TestGateway;
  let cookie: string;
  let projectId: string;
  beforeAll(async () => {
    // Ada's first project (by name) is the fixtures' Adder, which builds successfully.
    ({ gateway, cookie, projectId } = await startSignedInGateway(ADA, {
      MOCK_MAX_BUILDS_KEPT_PER_PROJECT: '2',
      MOCK_BUILD_STEP_MS: '1',
    }));
  });
  afterAll(() => gateway.stop());

  it('lists only the newest two finished builds; an older build id answers 404 {"detail"}', async () => {
    const http = request(gateway.baseUrl);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const queued = await http.post(`/api/projects/${projectId}/builds`).set('cookie', cookie).expect(201);
      ids.push((queued.body as { id: string }).id);
      await waitFor(async () => {
        const view = await http.get(`/api/builds/${ids[i]}`).set('cookie', cookie).expect(200);
        return (view.body as { status: string }).status === 'succeeded' ? view : undefined;
      }, `build ${i} to finish`);
    }
    const listed = await http.get(`/api/projects/${projectId}/builds`).set('cookie', cookie).expect(200);
    expect((listed.body as { id: string }[]).map((b) => b.id)).toEqual([ids[3], ids[2]]);
    const gone = await http.get(`/api/builds/${ids[0]}`).set('cookie', cookie).expect(404);
    expect(Object.keys(gone.body as object)).toEqual(['detail']);
  });
});
