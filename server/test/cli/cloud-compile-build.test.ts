import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway.js';
import { waitFor } from '../helpers/wait-for.js';
import { startGateway } from '../helpers/gateway.js';
import { apiGet, cliEnv, runCli, startCliGateways, type CliGateways, spawnCli } from './support.js';

interface Build {
  id: string;
  status: string;
  artifacts: { name: string; size: number }[];
}
interface BuildLog {
  lines: string[];
  total: number;
  complete: boolean;
}

/** The build id from the "Queued build … : <url>/#/builds/<project>/<build>" note. */
const queuedId = (stderr: string) => /#\/builds\/[0-9a-f]+\/([0-9a-f]+)/.exec(stderr)?.[1];

// Each test runs the real command (a Node process) a few times: on a loaded 2-core machine that takes seconds.
describe('cloud-compile: builds, logs, artifacts and Ctrl+C against a mock gateway', { timeout: 60_000 }, () => {
  let fast: TestGateway;
  let slow: TestGateway;
  let bundle: { file: string; remove: () => Promise<void> };
  let fastKey: string;
  let slowKey: string;
  let out: string;

  let setup: CliGateways;

  beforeAll(async () => {
    setup = await startCliGateways(['projects:read', 'builds:queue'], 'cloud-compile-artifacts-');
    ({ fast, slow, bundle, fastKey, slowKey, dir: out } = setup);
  }, 60_000);
  afterAll(() => setup?.stop());

  const cli = (args: string[], extra: Record<string, string> = {}) =>
    runCli(bundle.file, args, cliEnv(fast.baseUrl, fastKey, extra));
  let succeeded: Build;

  it('build --wait streams the log with stage progress and exits 0 when the build succeeds', async () => {
    const result = await cli(['build', '--project', 'Adder', '--wait', '--poll-interval', '100']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^==> Stage: IP$[\s\S]*^==> Stage: SYNTHESIS$[\s\S]*^==> Stage: ROUTE$[\s\S]*^==> Stage: BITSTREAM$/m,
    );
    // CI (not a terminal): progress comes as plain lines, one per change, without a ticking timer.
    expect(result.stderr).toMatch(/^Build [0-9a-f]{7} (IP|SYNTHESIS|ROUTE|BITSTREAM) \(stage \d\/4\)$/m);
    expect(result.stderr).toMatch(/^Build [0-9a-f]{7} succeeded in \d+s$/m);
    const id = queuedId(result.stderr)!;
    succeeded = await apiGet<Build>(fast.baseUrl, fastKey, `/api/builds/${id}`);
    expect(succeeded.status).toBe('succeeded');
    const log = await apiGet<BuildLog>(fast.baseUrl, fastKey, `/api/builds/${id}/log?limit=100000`);
    expect(result.stdout).toBe(`${log.lines.join('\n')}\n`);
  });

  it('build --wait on a broken project exits 1 with its errors as file:line lines (and GitHub annotations)', async () => {
    const stepOutputs = path.join(out, '..', `${path.basename(out)}-github-output`);
    const result = await cli(
      ['build', '--project', 'Limiter', '--wait', '--poll-interval', '100', '--source-root', 'hdl/'],
      {
        GITHUB_ACTIONS: 'true',
        GITHUB_OUTPUT: stepOutputs,
      },
    );
    expect(result.code).toBe(1);
    expect(await readFile(stepOutputs, 'utf8')).toBe(`build-id=${queuedId(result.stderr)}\nbuild-status=failed\n`);
    await rm(stepOutputs);
    // From the build's diagnostics: the file, line and message the build reports (not the log's wording).
    expect(result.stdout).toMatch(/^hdl\/limiter\.vhd:27: error: syntax error near "end"$/m);
    expect(result.stdout).toMatch(/^::error file=hdl\/limiter\.vhd,line=27::syntax error near "end"$/m);
    // The log sat inside a stop-commands block that ended before the annotation.
    const token = /^::stop-commands::([0-9a-f]{32})$/m.exec(result.stdout)?.[1];
    expect(token).toBeDefined();
    expect(result.stdout.indexOf(`\n::${token}::\n`)).toBeLessThan(result.stdout.indexOf('\n::error '));
    // The last progress line once, not twice.
    expect(result.stderr.match(/^Build [0-9a-f]{7} failed in \d+s$/gm)).toHaveLength(1);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^cloud-compile: build [0-9a-f]{7} failed: SYNTHESIS failed: syntax error near "end" \(limiter\.vhd, line 27\)$/,
    );
  });

  it('artifacts land on disk byte-identical to what the API serves, with nothing temporary left', async () => {
    const result = await cli(['artifacts', succeeded.id, '--out', out, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const saved = (JSON.parse(result.stdout) as { artifacts: { name: string; size: number }[] }).artifacts;
    expect(saved.map((a) => a.name).sort()).toEqual(succeeded.artifacts.map((a) => a.name).sort());
    expect(saved.map((a) => a.name)).toContain('bitstreams.tar');
    for (const artifact of succeeded.artifacts) {
      const response = await fetch(`${fast.baseUrl}/api/builds/${succeeded.id}/artifacts/${artifact.name}`, {
        headers: { authorization: `Bearer ${fastKey}` },
      });
      const served = Buffer.from(await response.arrayBuffer());
      const onDisk = await readFile(path.join(out, artifact.name));
      expect(onDisk.equals(served), artifact.name).toBe(true);
      expect(onDisk.length).toBe(artifact.size);
    }
    expect((await readdir(out)).sort()).toEqual(succeeded.artifacts.map((a) => a.name).sort());
  });

  it("logs prints a finished build's whole log", async () => {
    const result = await cli(['logs', succeeded.id]);
    expect(result.code).toBe(0);
    const log = await apiGet<BuildLog>(fast.baseUrl, fastKey, `/api/builds/${succeeded.id}/log?limit=100000`);
    expect(result.stdout).toBe(`${log.lines.join('\n')}\n`);
  });

  it("logs --follow prints a running build's lines as they come and stops when it ends", async () => {
    const projects = await apiGet<{ id: string; name: string }[]>(slow.baseUrl, slowKey, '/api/projects');
    const adder = projects.find((p) => p.name === 'Adder')!;
    const queued = await fetch(`${slow.baseUrl}/api/projects/${adder.id}/builds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${slowKey}` },
    });
    const build = (await queued.json()) as Build;
    const follow = spawnCli(
      bundle.file,
      ['logs', build.id, '--follow', '--poll-interval', '100'],
      cliEnv(slow.baseUrl, slowKey),
    );
    // Lines arrive while the build is still running…
    await waitFor(
      async () => (follow.output().includes('==> Stage: IP') ? true : undefined),
      'the first lines',
      15_000,
    );
    expect((await apiGet<Build>(slow.baseUrl, slowKey, `/api/builds/${build.id}`)).status).toBe('running');
    // …and the command ends with the build, having printed all of them.
    const result = await follow.done;
    expect(result.code).toBe(0);
    const log = await apiGet<BuildLog>(slow.baseUrl, slowKey, `/api/builds/${build.id}/log?limit=100000`);
    expect(log.complete).toBe(true);
    expect(result.stdout).toBe(`${log.lines.join('\n')}\n`);
  });

  it('works the same through a gateway in proxy mode (the log and artifacts stream through it)', async () => {
    const proxy = await startGateway({ MODE: 'proxy', API_UPSTREAM: fast.baseUrl, AUTH_UPSTREAM: fast.baseUrl });
    try {
      const env = cliEnv(proxy.baseUrl, fastKey);
      const build = await runCli(bundle.file, ['build', '--project', 'Adder', '--wait', '--poll-interval', '100'], env);
      expect(build.code, build.stderr).toBe(0);
      expect(build.stdout).toContain('==> Stage: BITSTREAM');
      const id = queuedId(build.stderr)!;
      const dir = path.join(out, 'via-proxy');
      const artifacts = await runCli(bundle.file, ['artifacts', id, '--out', dir, '--name', 'bitstreams.tar'], env);
      expect(artifacts.code, artifacts.stderr).toBe(0);
      const served = await fetch(`${fast.baseUrl}/api/builds/${id}/artifacts/bitstreams.tar`, {
        headers: { authorization: `Bearer ${fastKey}` },
      });
      expect((await readFile(path.join(dir, 'bitstreams.tar'))).equals(Buffer.from(await served.arrayBuffer()))).toBe(
        true,
      );
    } finally {
      await proxy.close();
    }
  });

  it("build without --wait prints the queued build's id, and cancel cancels it", async () => {
    const env = cliEnv(slow.baseUrl, slowKey);
    const queued = await runCli(bundle.file, ['build', '--project', 'Adder'], env);
    expect(queued.code, queued.stderr).toBe(0);
    const id = queued.stdout.trim();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const cancelled = await runCli(bundle.file, ['cancel', id], env);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toBe(`Cancelled build ${id.slice(-7)} of Adder\n`);
    expect((await apiGet<Build>(slow.baseUrl, slowKey, `/api/builds/${id}`)).status).toBe('cancelled');
  });

  it('Ctrl+C during build --wait cancels the build and exits 130', async () => {
    const run = spawnCli(
      bundle.file,
      ['build', '--project', 'Adder', '--wait', '--poll-interval', '100'],
      cliEnv(slow.baseUrl, slowKey),
    );
    await waitFor(
      async () => (run.output().includes('==> Stage: IP') ? true : undefined),
      'the build to start',
      15_000,
    );
    const id = queuedId(run.output())!;
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(
      new RegExp(`Ctrl\\+C: cancelling build ${id.slice(-7)}…\\ncloud-compile: build ${id.slice(-7)} cancelled\\n$`),
    );
    const build = await apiGet<Build>(slow.baseUrl, slowKey, `/api/builds/${id}`);
    expect(build.status).toBe('cancelled');
  });
});
