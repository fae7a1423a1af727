import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';
import { apiGet, buildCliBundle, CLI_BIN, cliEnv, createApiKey, runCli } from './support.js';

interface ProjectSummary {
  id: string;
  name: string;
}
interface FileEntry {
  name: string;
  size: number;
  timestamp: string;
}

// The seed project's file as fixtures write it (server/test/helpers/test-fixtures.ts).
const ADDER_VHD = 'architecture rtl of CustomInstrument is\nbegin\n  OutputA <= InputA + InputB;\nend architecture;\n';

// Each test runs the real command (a Node process) a few times: on a loaded 2-core machine that takes seconds.
describe('cloud-compile: projects, push, config and errors against a mock gateway', { timeout: 60_000 }, () => {
  let gateway: TestGateway;
  let bundle: { file: string; remove: () => Promise<void> };
  let key: string;
  let dir: string;
  let adder: ProjectSummary;
  const cli = (args: string[], extra: Record<string, string> = {}, apiKey = key) =>
    runCli(bundle.file, args, cliEnv(gateway.baseUrl, apiKey, extra));

  beforeAll(async () => {
    [gateway, bundle] = await Promise.all([startApiGateway({ ADMIN_TOKEN }), buildCliBundle()]);
    key = (await createApiKey(gateway.baseUrl, ADA, ['projects:write', 'builds:queue'])).key;
    dir = await mkdtemp(path.join(os.tmpdir(), 'cloud-compile-push-'));
    adder = (await apiGet<ProjectSummary[]>(gateway.baseUrl, key, '/api/projects')).find((p) => p.name === 'Adder')!;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([gateway?.stop(), bundle?.remove(), dir && rm(dir, { recursive: true, force: true })]);
  });

  const files = () => apiGet<FileEntry[]>(gateway.baseUrl, key, `/api/projects/${adder.id}/files`);
  const content = async (name: string) =>
    (
      await apiGet<{ content: string }>(
        gateway.baseUrl,
        key,
        `/api/projects/${adder.id}/files/${encodeURIComponent(name)}`,
      )
    ).content;

  it('lists projects as a table and as JSON, from the checkout (the bin through tsx) and the built bundle alike', async () => {
    const table = await runCli(CLI_BIN, ['projects'], cliEnv(gateway.baseUrl, key));
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^NAME\s+ID\s+LATEST BUILD\s+UPDATED$/m);
    expect(table.stdout).toMatch(
      new RegExp(`^Adder\\s+${adder.id}\\s+(succeeded|failed|cancelled) [0-9a-f]{7}\\s`, 'm'),
    );
    const json = await cli(['projects', '--json']);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as ProjectSummary[]).map((p) => p.name)).toEqual(
      expect.arrayContaining(['Adder', 'Limiter']),
    );
  });

  it("create makes a project, and a taken name is refused with the API's reason (exit 1)", async () => {
    const created = await cli(['create', 'CLI scratch', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const project = JSON.parse(created.stdout) as ProjectSummary;
    expect(project.name).toBe('CLI scratch');
    expect((await apiGet<ProjectSummary[]>(gateway.baseUrl, key, '/api/projects')).map((p) => p.id)).toContain(
      project.id,
    );
    const again = await cli(['create', 'cli SCRATCH']);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('cloud-compile: A project named CLI scratch already exists (409)');
  });

  it('push creates, updates only what changed, leaves the unchanged alone and deletes with --delete', async () => {
    await writeFile(path.join(dir, 'adder.vhd'), ADDER_VHD); // same as the project's
    await writeFile(path.join(dir, 'top.xdc'), '# constraints, edited\nset_property PACKAGE_PIN A1 [get_ports clk]\n');
    await writeFile(path.join(dir, 'counter.v'), 'module counter(input clk); endmodule\n');
    await writeFile(path.join(dir, 'NOTES.txt'), 'not a source file\n');
    const before = await files();

    const first = await cli(['push', dir, '--project', 'adder', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      created: ['counter.v'],
      updated: ['top.xdc'],
      unchanged: ['adder.vhd'],
      deleted: [],
      kept: [],
    });
    expect(await content('counter.v')).toBe('module counter(input clk); endmodule\n');
    expect(await content('top.xdc')).toContain('edited');
    const after = await files();
    const stamp = (list: FileEntry[], name: string) => list.find((f) => f.name === name)?.timestamp;
    expect(stamp(after, 'adder.vhd')).toBe(stamp(before, 'adder.vhd'));
    expect(after.map((f) => f.name)).not.toContain('NOTES.txt');

    // Nothing changed: nothing is written (the timestamps stay).
    const again = await cli(['push', dir, '--project', adder.id]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Pushed ${dir} to Adder: 0 created, 0 updated, 3 unchanged, 0 deleted`);
    expect(await files()).toEqual(after);

    // A file gone from the folder stays without --delete and goes with it.
    await rm(path.join(dir, 'top.xdc'));
    const kept = await cli(['push', dir, '--project', 'Adder']);
    expect(kept.stdout).toContain('1 only in the project (kept; --delete removes them)');
    expect((await files()).map((f) => f.name)).toContain('top.xdc');
    const deleted = await cli(['push', dir, '--project', 'Adder', '--delete']);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toMatch(/^deleted\s+top\.xdc$/m);
    expect(deleted.stdout).toContain('0 created, 0 updated, 2 unchanged, 1 deleted');
    expect((await files()).map((f) => f.name)).toEqual(['adder.vhd', 'counter.v']);
  });

  it('config changes the build configuration after checking it against the configurations on offer', async () => {
    const bad = await cli(['config', '--project', 'Adder', '--hardware', 'mk-go', '--slots', '4', '--target', 'Nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--slots 4: Moku Go has 2 or 3 slots');
    expect(bad.stderr).toContain('--target Nope: unknown target interface (one of CustomInstrument, CustomWrapper)');
    const unchanged = await apiGet<{ config: Record<string, unknown> }>(
      gateway.baseUrl,
      key,
      `/api/projects/${adder.id}`,
    );
    expect(unchanged.config).toMatchObject({ hardware: 'mk-pro', slots: 4 });

    const good = await cli([
      'config',
      '--project',
      'Adder',
      '--hardware',
      'mk-go',
      '--slots',
      '3',
      '--os-version',
      '4.0.0',
      '--interpolation',
    ]);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toContain(
      'Adder: hardware mk-go, 3 slots, OS 4.0.0, target CustomInstrument, interpolation on',
    );
    const changed = await apiGet<{ config: Record<string, unknown> }>(
      gateway.baseUrl,
      key,
      `/api/projects/${adder.id}`,
    );
    expect(changed.config).toEqual({
      hardware: 'mk-go',
      slots: 3,
      os_version: '4.0.0',
      target: 'CustomInstrument',
      interpolation: true,
    });
  });

  it('a key without builds:queue gets an error naming that scope (exit 3), and the key is never printed', async () => {
    const readOnly = await createApiKey(gateway.baseUrl, ADA, ['projects:read', 'builds:read']);
    const result = await cli(['build', '--project', 'Adder'], {}, readOnly.key);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'the API key lacks the scope builds:queue (or projects:write), needed to “Queue a build of the project with its configuration” (403)',
    );
    expect(result.stdout + result.stderr).not.toContain(readOnly.key);
  });

  it('a revoked key gets the "wrong or revoked" message (exit 3), also when given as --api-key', async () => {
    const revoked = await createApiKey(gateway.baseUrl, ADA, ['projects:read']);
    await revoked.revoke();
    const result = await cli(['projects', '--api-key', revoked.key], {}, '');
    expect(result.code).toBe(3);
    expect(result.stderr.trim()).toBe(
      'cloud-compile: the API key was refused (401): it is wrong or has been revoked. Create a new one under Preferences › API keys',
    );
    expect(result.stdout + result.stderr).not.toContain(revoked.key);
  });

  it('retries dropped connections with backoff, and gives up on an unreachable API with one clear line (exit 4)', async () => {
    const fault = await fetch(`${gateway.baseUrl}/mock-admin/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ operationId: 'listProjects', drop: true, times: 2 }),
    });
    expect(fault.status).toBeLessThan(300);
    const recovered = await cli(['projects', '--json']);
    expect(recovered.code, recovered.stderr).toBe(0);
    expect(recovered.stderr).toMatch(/retrying \(1 of 4\)[\s\S]*retrying \(2 of 4\)/);
    expect((JSON.parse(recovered.stdout) as ProjectSummary[]).map((p) => p.name)).toContain('Adder');

    // A port nobody listens on: the gateway's own port once it is closed would race, so use port 9 (discard), refused on loopback.
    const unreachable = await runCli(bundle.file, ['projects', '--retries', '1'], cliEnv('http://127.0.0.1:9', key));
    expect(unreachable.code).toBe(4);
    expect(unreachable.stderr.trim().split('\n').at(-1)).toBe(
      'cloud-compile: cannot reach http://127.0.0.1:9 (ECONNREFUSED; tried 2 times)',
    );
  });

  it('explains bad usage with exit 2', async () => {
    const noKey = await cli(['projects'], {}, '');
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('give an API key with CLOUD_COMPILE_API_KEY');
    const missing = await cli(['push', dir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '-p, --project <name|id>' not specified");
  });
});
