import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from '../helpers/gateway.js';
import { apiGet, cliEnv, runCli, startCliGateways, type CliGateways } from './support.js';

interface Build {
  id: string;
  status: string;
}
interface ProjectSummary {
  id: string;
  name: string;
}

/** What `build` printed of its build: the short id of "Queued build …" and the build page's address. */
function printed(stderr: string): { short: string; address: string } {
  const match = /^Queued build ([0-9a-f]{7}) of .*?: (\S+#\/builds\/[0-9a-f]{24}\/[0-9a-f]{24})$/m.exec(stderr);
  if (!match) throw new Error(`no "Queued build" line in:\n${stderr}`);
  return { short: match[1]!, address: match[2]! };
}

// The real command (the packaged bundle) against a mock gateway over HTTP: every id form it prints is
// accepted back by logs, artifacts and cancel; push --create makes the project a CI job names.
describe('cloud-compile: build ids as printed, and push --create', { timeout: 90_000 }, () => {
  let fast: TestGateway;
  let slow: TestGateway;
  let bundle: { file: string; remove: () => Promise<void> };
  let fastKey: string;
  let slowKey: string;
  let dir: string;

  let setup: CliGateways;

  beforeAll(async () => {
    setup = await startCliGateways(['projects:write', 'builds:queue'], 'cloud-compile-ids-');
    ({ fast, slow, bundle, fastKey, slowKey, dir: dir } = setup);
  }, 60_000);
  afterAll(() => setup?.stop());

  const cli = (args: string[]) => runCli(bundle.file, args, cliEnv(fast.baseUrl, fastKey));

  it('logs and artifacts take the short id, the full id and the address of a build it printed', async () => {
    const build = await cli(['build', '--project', 'Adder', '--wait', '--poll-interval', '100']);
    expect(build.code, build.stderr).toBe(0);
    const { short, address } = printed(build.stderr);
    expect(build.stderr).toMatch(new RegExp(`^Build ${short} succeeded in \\d+s$`, 'm'));
    const full = address.slice(-24);
    expect(full.endsWith(short)).toBe(true);

    const whole = await cli(['logs', full]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).toContain('==> Stage: BITSTREAM');
    for (const form of [short, address, full.slice(0, 8), short.toUpperCase()]) {
      const logs = await cli(['logs', form]);
      expect(logs.code, `${form}: ${logs.stderr}`).toBe(0);
      expect(logs.stdout, form).toBe(whole.stdout);
    }
    const narrowed = await runCli(bundle.file, ['logs', short, '--project', 'adder'], cliEnv(fast.baseUrl, fastKey));
    expect(narrowed.stdout).toBe(whole.stdout);

    const out = path.join(dir, 'artifacts');
    const artifacts = await cli(['artifacts', short, '--out', out, '--name', 'bitstreams.tar']);
    expect(artifacts.code, artifacts.stderr).toBe(0);
    expect(await readdir(out)).toEqual(['bitstreams.tar']);
  });

  it('cancel takes the short id it printed', async () => {
    const env = cliEnv(slow.baseUrl, slowKey);
    const queued = await runCli(bundle.file, ['build', '--project', 'Adder'], env);
    expect(queued.code, queued.stderr).toBe(0);
    const { short } = printed(queued.stderr);
    const cancelled = await runCli(bundle.file, ['cancel', short], env);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toBe(`Cancelled build ${short} of Adder\n`);
    expect((await apiGet<Build>(slow.baseUrl, slowKey, `/api/builds/${queued.stdout.trim()}`)).status).toBe(
      'cancelled',
    );
  });

  it('an id no build has is "not found" in the words the user typed, never an operation name', async () => {
    for (const [args, message] of [
      [['logs', 'abcdef0'], 'cloud-compile: Build abcdef0 not found among the builds of your projects'],
      [['artifacts', '0123456789abcdef01234567', '--out', dir], 'cloud-compile: Build 1234567 not found'],
      [['cancel', 'abcdef0', '--project', 'Adder'], 'cloud-compile: Build abcdef0 not found among the builds of Adder'],
    ] as const) {
      const result = await cli([...args]);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr.trim()).toBe(message);
      expect(result.stderr).not.toMatch(/buildDetails|cancelBuild|getBuildLog|projectBuilds/);
    }
    const bad = await cli(['logs', 'not-an-id']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"not-an-id" is not a build id');
  });

  it('push --create makes the project when it is missing, and finds it the next time', async () => {
    await writeFile(path.join(dir, 'top.vhd'), 'architecture rtl of CustomInstrument is\nbegin\nend architecture;\n');
    const missing = await cli(['push', dir, '--project', 'New repo']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no project named or with the id "New repo" .*; add --create to create it$/m);

    const dry = await cli(['push', dir, '--project', 'New repo', '--create', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(
      'would create project New repo\nwould be created   top.vhd\nDry run, nothing changed: 1 created, 0 updated, 0 unchanged, 0 deleted\n',
    );
    const names = async () =>
      (await apiGet<ProjectSummary[]>(fast.baseUrl, fastKey, '/api/projects')).map((p) => p.name);
    expect(await names()).not.toContain('New repo');

    const first = await cli(['push', dir, '--project', 'New repo', '--create']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Created project New repo \([0-9a-f]{24}\)\ncreated {3}top\.vhd\n/);
    expect(await names()).toContain('New repo');
    const again = await cli(['push', dir, '--project', 'new REPO', '--create']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toContain('Created project');
    expect(again.stdout).toContain('0 created, 0 updated, 1 unchanged');
    expect((await names()).filter((n) => n.toLowerCase() === 'new repo')).toHaveLength(1);
  });
});
