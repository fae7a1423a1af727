import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildJob, BuildProgress, BuildRunner } from '../../src/mock/builds/runner.js';
import { sandboxHarness } from '../helpers/sandbox-harness.js';
import { signIn } from '../helpers/sign-in.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA, useTestSeed, writeTestFixtures } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

interface BuildView {
  id: string;
  status: string;
  error: string | null;
}

/**
 * Nothing a build does can take the gateway down. A log chunk of ~160,000 lines used to be
 * appended with `push(...lines)` inside the runner's timer, which throws past ~120,000 arguments:
 * an uncaught exception and the whole process gone (the "project with a huge number of
 * files": one log line per file per stage).
 */
describe('a build with a huge log does not crash the gateway', () => {
  const LINES = 800_000;
  let gateway: TestGateway;

  beforeAll(async () => {
    const fixtures = await writeTestFixtures();
    const huge = ['==> Stage: SYNTHESIS', ...Array.from({ length: LINES }, (_, i) => `INFO: netlist line ${i}`)];
    await writeFile(path.join(fixtures.dir, 'build-logs/synthesis.log'), `${huge.join('\n')}\n`);
    gateway = await startApiGateway({ FIXTURES_DIR: fixtures.dir, MOCK_BUILD_STEP_MS: '1' });
    const removeGateway = gateway.stop;
    gateway.stop = async () => {
      await removeGateway();
      await fixtures.remove();
    };
  }, 60_000);
  afterAll(() => gateway.stop());

  it(
    'the build runs to the end, its whole log is there, and the gateway keeps answering',
    { timeout: 60_000 },
    async () => {
      const { cookieHeader: cookie } = await signIn(gateway.baseUrl, ADA);
      const http = request(gateway.baseUrl);
      const api = async <T>(method: 'GET' | 'POST', path: string) => {
        const call = method === 'GET' ? http.get(`/api${path}`) : http.post(`/api${path}`);
        const response = await call.set('cookie', cookie);
        expect(response.status, `${method} ${path}`).toBeLessThan(300);
        return response.body as T;
      };
      const project = (await api<{ id: string; name: string }[]>('GET', '/projects')).find((p) => p.name === 'Adder')!;
      const build = await api<BuildView>('POST', `/projects/${project.id}/builds`);
      const done = await waitFor(
        async () => {
          const now = await api<BuildView>('GET', `/builds/${build.id}`);
          return now.status === 'queued' || now.status === 'running' ? undefined : now;
        },
        'the build to finish',
        50_000,
      );
      expect(done).toMatchObject({ status: 'succeeded', error: null });
      const log = await api<{ total: number; complete: boolean }>('GET', `/builds/${build.id}/log?limit=1`);
      expect(log.complete).toBe(true);
      expect(log.total).toBeGreaterThan(LINES);
      await http.get('/healthz').expect(200);
    },
  );
});

/** A runner whose progress calls come from its own timer, as real runners' do. */
function runnerCalling(act: (progress: BuildProgress, job: BuildJob) => void): BuildRunner {
  return {
    start(job, progress) {
      const timer = setTimeout(() => act(progress, job), 1);
      return { cancel: () => clearTimeout(timer) };
    },
    close() {},
  };
}

describe('an error inside one build fails that build with a message, not the process', () => {
  const seed = useTestSeed();

  async function adaWith(runner: BuildRunner) {
    const harness = sandboxHarness({ seed: seed(), runner, clock: Date.now });
    const ada = await harness.ada();
    const projectId = await ada.read((s) => s.listProjects().find((p) => p.name === 'Adder')!.id);
    const whenStatus = (buildId: string, status: string) =>
      waitFor(async () => {
        const view = await ada.read((s) => s.getBuild(buildId));
        return view.status === status ? view : undefined;
      }, `build ${buildId} to be ${status}`);
    return { ...ada, projectId, whenStatus, close: harness.close };
  }

  it("a progress callback that throws in the runner's timer fails the build; the next build of the queue still runs", async () => {
    let calls = 0;
    const ada = await adaWith(
      runnerCalling((progress) => {
        calls++;
        if (calls === 1) {
          progress.stageStarted('IP');
          // A runner handing over something that is not a list of lines: storing it throws.
          progress.log(null as unknown as string[]);
          progress.log(['never recorded']);
          return;
        }
        progress.stageStarted('IP');
        progress.log(['fine']);
        progress.stageFinished('IP', 'succeeded');
        progress.finished({ status: 'succeeded' });
      }),
    );
    const broken = await ada.write((s) => s.newBuild(ada.projectId));
    const next = await ada.write((s) => s.newBuild(ada.projectId));
    const failed = await ada.whenStatus(broken.id, 'failed');
    expect(failed.error).toMatch(/^The build stopped: the build service failed \(.+\)$/);
    expect(failed.stages.find((s) => s.name === 'IP')!.status).toBe('failed');
    const log = await ada.read((s) => s.getLog(broken.id, 0, 100));
    expect(log.lines.at(-1)).toMatch(/^ERROR: The build stopped/);
    expect(log.lines).not.toContain('never recorded');
    const succeeded = await ada.whenStatus(next.id, 'succeeded');
    expect(succeeded.error).toBeNull();
    await ada.close();
  });

  it('a runner that throws when asked to start fails that build instead of wedging the queue', async () => {
    const ada = await adaWith({
      start: () => {
        throw new Error('toolchain missing');
      },
      close() {},
    });
    const build = await ada.write((s) => s.newBuild(ada.projectId));
    expect(await ada.whenStatus(build.id, 'failed')).toMatchObject({
      error: 'The build stopped: the build service failed (toolchain missing)',
    });
    const second = await ada.write((s) => s.newBuild(ada.projectId));
    await ada.whenStatus(second.id, 'failed');
    await ada.close();
  });

  it('a build cancelled between two stages shows the next stage as where it stopped', async () => {
    // With the state in Redis each progress event is its own write: a cancel can land after a stage
    // finished and before the next started (CI saw it as a cancelled build with no stage cancelled).
    const ada = await adaWith(
      runnerCalling((progress) => {
        progress.stageStarted('IP');
        progress.log(['INFO: IP done']);
        progress.stageFinished('IP', 'succeeded');
      }),
    );
    const build = await ada.write((s) => s.newBuild(ada.projectId));
    await waitFor(async () => {
      const view = await ada.read((s) => s.getBuild(build.id));
      return view.stages[0]!.status === 'succeeded' ? view : undefined;
    }, 'the first stage to finish');
    const cancelled = await ada.write((s) => s.cancelBuild(build.id));
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.stages.map((stage) => [stage.name, stage.status])).toEqual([
      ['IP', 'succeeded'],
      ['SYNTHESIS', 'cancelled'],
      ['ROUTE', 'pending'],
      ['BITSTREAM', 'pending'],
    ]);
    expect(cancelled.stages[1]!.started_at).toBeNull();
    // A queued build that never ran keeps every stage pending.
    const second = await ada.write((s) => s.newBuild(ada.projectId));
    const third = await ada.write((s) => s.newBuild(ada.projectId));
    const cancelledQueued = await ada.write((s) => s.cancelBuild(third.id));
    expect(cancelledQueued.stages.every((stage) => stage.status === 'pending')).toBe(true);
    await ada.write((s) => s.cancelBuild(second.id));
    await ada.close();
  });
});
