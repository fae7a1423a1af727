import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCaller } from '../helpers/contract-caller.js';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { storesUnderTest } from '../helpers/stores-under-test.js';
import { ADA } from '../helpers/test-fixtures.js';
import { waitFor } from '../helpers/wait-for.js';

interface Build {
  id: string;
  status: string;
  stage: string | null;
  queue_position: number | null;
  stages: { name: string; status: string }[];
  artifacts: { name: string; size: number; content_type: string }[];
  error: string | null;
}

// The same tests on each MOCK_STORE: the in-memory one and a real Redis.
describe.each(storesUnderTest())('mock API on the $kind store: builds', (store) => {
  let gateway: TestGateway;
  let ada: ApiCaller;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    gateway = await startApiGateway({ MOCK_BUILD_STEP_MS: '15', ...store.env() });
    ada = await gateway.as(ADA);
    for (const p of (await ada('GET', '/api/projects')).json<{ id: string; name: string }[]>()) ids[p.name] = p.id;
  });
  afterAll(() => gateway.stop());

  const details = async (id: string, who = ada) => (await who('GET', `/api/builds/${id}`)).json<Build>();
  const readLog = async (id: string, who = ada) => {
    const lines: string[] = [];
    for (let offset = 0; ;) {
      const page = (await who('GET', `/api/builds/${id}/log?offset=${offset}&limit=7`)).json<{
        lines: string[];
        next_offset: number;
        complete: boolean;
        total: number;
      }>();
      lines.push(...page.lines);
      offset = page.next_offset;
      if (page.lines.length === 0) return { lines, complete: page.complete, total: page.total };
    }
  };

  it('follows a build from queued through the four stages to succeeded, with its log and artifacts', async () => {
    const queued = await ada('POST', `/api/projects/${ids.Adder}/builds`);
    expect(queued.statusCode).toBe(201);
    const build = queued.json<Build>();
    expect(build).toMatchObject({ status: 'queued', queue_position: 1, stage: null });
    expect((await ada('GET', `/api/projects/${ids.Adder}/builds/latest`)).json().id).toBe(build.id);

    const seenStages = new Set<string>();
    let followed = 0;
    const log: string[] = [];
    const done = await waitFor(async () => {
      const now = await details(build.id);
      if (now.stage) seenStages.add(now.stage);
      const page = (await ada('GET', `/api/builds/${build.id}/log?offset=${followed}`)).json<{
        lines: string[];
        next_offset: number;
        complete: boolean;
      }>();
      log.push(...page.lines);
      followed = page.next_offset;
      return page.complete && now.status !== 'running' ? now : undefined;
    }, 'the build to finish');
    expect(done.status).toBe('succeeded');
    expect(done.stages.map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(seenStages.size).toBeGreaterThanOrEqual(2);
    expect(log.filter((l) => l.startsWith('==> Stage:'))).toEqual([
      '==> Stage: IP',
      '==> Stage: SYNTHESIS',
      '==> Stage: ROUTE',
      '==> Stage: BITSTREAM',
    ]);
    expect(log).toContain('INFO: reading /project/src/adder.vhd');
    expect(log.join('\n')).toContain(`build ${build.id}`);
    expect((await readLog(build.id)).lines).toEqual(log);
    expect(done.artifacts.map((a) => a.name)).toEqual([
      'bitstreams.tar',
      'summary.rpt',
      'utilization.rpt',
      'timing_summary.rpt',
      'timing.rpt',
      'ip.log',
      'synthesis.log',
      'route.log',
    ]);

    const report = await ada('GET', `/api/builds/${build.id}/artifacts/summary.rpt`);
    expect(report.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(report.body).toBe(`summary report for Adder (${build.id}) on mk-pro\n`);
    const ipLog = await ada('GET', `/api/builds/${build.id}/artifacts/ip.log`);
    expect(ipLog.body.split('\n')[0]).toBe('==> Stage: IP');

    const tar = await ada('GET', `/api/builds/${build.id}/artifacts/bitstreams.tar`);
    expect(tar.headers['content-type']).toBe('application/octet-stream');
    expect(tar.headers['content-disposition']).toBe('attachment; filename="bitstreams.tar"');
    expect(tar.rawPayload.length).toBe(done.artifacts[0]!.size);
    const again = await ada('GET', `/api/builds/${build.id}/artifacts/bitstreams.tar`);
    expect(again.rawPayload.equals(tar.rawPayload)).toBe(true);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mock-tar-'));
    try {
      await writeFile(path.join(dir, 'b.tar'), tar.rawPayload);
      const { stdout } = await promisify(execFile)('tar', ['-tf', path.join(dir, 'b.tar')]);
      expect(stdout.trim().split('\n')).toEqual([
        'bitstreams/manifest.txt',
        ...[1, 2, 3, 4].map((n) => `bitstreams/slot${n}.bit`),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect((await ada('GET', `/api/builds/${build.id}/artifacts/nope.rpt`)).statusCode).toBe(404);
    expect((await ada('POST', `/api/builds/${build.id}/cancel`)).statusCode).toBe(409);
  });

  it('fails a project with build_error in its stage, naming the file and line', async () => {
    const build = (await ada('POST', `/api/projects/${ids.Limiter}/builds`)).json<Build>();
    const done = await waitFor(async () => {
      const now = await details(build.id);
      return now.status === 'failed' ? now : undefined;
    }, 'the build to fail');
    expect(done.stages.map((s) => s.status)).toEqual(['succeeded', 'failed', 'pending', 'pending']);
    expect(done.error).toBe('SYNTHESIS failed: syntax error near "end" (limiter.vhd, line 27)');
    const { lines, complete } = await readLog(build.id);
    expect(complete).toBe(true);
    expect(lines.at(-1)).toBe('ERROR: [Synth 8-2715] syntax error near "end" [/project/src/limiter.vhd:27]');
    expect(done.artifacts.map((a) => a.name)).toEqual(['ip.log', 'synthesis.log']);
  });

  it('queues builds behind each other and cancels mid-run keeping the partial log', async () => {
    // Slow steps on a gateway of its own: the first build must still be under way when the second is
    // queued and when it is cancelled, also on a loaded machine (at 15 ms a step it could be over first).
    const slow = await startApiGateway({ MOCK_BUILD_STEP_MS: '250', ...store.env() });
    try {
      const ada = await slow.as(ADA);
      const adder = (await ada('GET', '/api/projects'))
        .json<{ id: string; name: string }[]>()
        .find((p) => p.name === 'Adder')!.id;
      await queuesThenCancels(ada, adder);
    } finally {
      await slow.stop();
    }
  });

  const queuesThenCancels = async (ada: ApiCaller, adder: string) => {
    const first = (await ada('POST', `/api/projects/${adder}/builds`)).json<Build>();
    const second = (await ada('POST', `/api/projects/${adder}/builds`)).json<Build>();
    expect(second.queue_position).toBe(2);
    // Cancel the second while it waits, then the first while it runs.
    const cancelledQueued = await ada('POST', `/api/builds/${second.id}/cancel`);
    expect(cancelledQueued.json()).toMatchObject({ status: 'cancelled', queue_position: null });
    const running = await waitFor(async () => {
      const now = await details(first.id, ada);
      return now.stage === 'SYNTHESIS' ? now : undefined;
    }, 'the build to reach SYNTHESIS');
    expect(running.status).toBe('running');
    const before = await readLog(first.id, ada);
    expect(before.complete).toBe(false);
    const cancelled = (await ada('POST', `/api/builds/${first.id}/cancel`)).json<Build>();
    expect(cancelled.status).toBe('cancelled');
    // On a loaded machine the build may still have moved on past SYNTHESIS by the time the cancel lands. The stage running then is cancelled, those before it succeeded, later ones never ran.
    const statuses = cancelled.stages.map((s) => s.status);
    const stopped = statuses.indexOf('cancelled');
    expect(stopped).toBeGreaterThanOrEqual(1);
    expect(statuses.slice(0, stopped).every((status) => status === 'succeeded')).toBe(true);
    expect(statuses.slice(stopped + 1).every((status) => status === 'pending')).toBe(true);
    const after = await readLog(first.id, ada);
    expect(after.complete).toBe(true);
    expect(after.lines.slice(0, before.lines.length)).toEqual(before.lines);
    expect(after.lines.at(-1)).toMatch(/^INFO: Build cancelled by the user/);
    // Nothing more arrives after a cancel.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await readLog(first.id, ada)).total).toBe(after.total);
    expect(cancelled.artifacts.map((a) => a.name)).toContain('ip.log');
    const builds = (await ada('GET', `/api/projects/${adder}/builds`)).json<Build[]>();
    expect(
      builds
        .slice(0, 2)
        .map((b) => b.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
  };

  it('answers {} for the latest build of a project without builds, and 404 for unknown ids', async () => {
    const created = (await ada('POST', '/api/projects', { body: { name: 'No builds yet' } })).json<{ id: string }>();
    const latest = await ada('GET', `/api/projects/${created.id}/builds/latest`);
    expect(latest.json()).toEqual({});
    expect((await ada('GET', `/api/projects/${created.id}/builds`)).json()).toEqual([]);
    expect((await ada('GET', '/api/builds/000000000000000000000000')).statusCode).toBe(404);
    expect((await ada('GET', '/api/builds/000000000000000000000000/log')).statusCode).toBe(404);
    expect((await ada('POST', '/api/projects/nope/builds')).statusCode).toBe(404);
  });

  it('gives history builds full logs and artifacts that agree with their details', async () => {
    const builds = (await ada('GET', `/api/projects/${ids.Adder}/builds`)).json<Build[]>();
    const past = builds.filter((b) => b.status === 'succeeded' || b.status === 'cancelled').at(-1)!;
    const { lines, complete } = await readLog(past.id);
    expect(complete).toBe(true);
    for (const artifact of past.artifacts) {
      const response = await ada('GET', `/api/builds/${past.id}/artifacts/${artifact.name}`);
      expect(response.rawPayload.length).toBe(artifact.size);
    }
    expect(lines[0]).toBe('==> Stage: IP');
  });
});
