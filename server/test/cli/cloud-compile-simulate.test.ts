import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA } from '../helpers/test-fixtures.js';
import { simulationApi } from '../simulations/simulation-http.js';
import { lineOf, PASSING_TB, SPINNING_TB, VHDL_TB } from '../simulations/testbench-designs.js';
import { waitFor } from '../helpers/wait-for.js';
import { apiGet, buildCliBundle, cliEnv, createApiKey, runCli, spawnCli } from './support.js';

/** `cloud-compile simulate` (the packaged command) against a gateway whose simulations run real GHDL. */
describe('cloud-compile simulate: a testbench run followed to its outcome', { timeout: 120_000 }, () => {
  let gateway: RunningGateway;
  const gatewayLog: string[] = [];
  let bundle: { file: string; remove: () => Promise<void> };
  let key: string;
  let dir: string;

  beforeAll(async () => {
    [gateway, bundle] = await Promise.all([startGateway({ MOCK_BUILDS: 'toolchain' }, gatewayLog), buildCliBundle()]);
    key = (await createApiKey(gateway.baseUrl, ADA, ['projects:read', 'builds:queue'])).key;
    const api = simulationApi(gateway.baseUrl, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
    await api.newProject('Bench', {
      'count_tb.vhd': VHDL_TB,
      'pass_tb.vhd': PASSING_TB,
      'spin_tb.vhd': SPINNING_TB,
    });
    dir = await mkdtemp(path.join(os.tmpdir(), 'cloud-compile-simulate-'));
  }, 90_000);
  afterAll(async () => {
    await Promise.all([gateway?.close(), bundle?.remove(), dir && rm(dir, { recursive: true, force: true })]);
  });

  /** The command's stderr and the gateway's logged errors: why a run went wrong. */
  const explain = (stderr: string) => [stderr, ...gatewayLog.filter((line) => line.includes('"level":50'))].join('\n');

  const simulate = (args: string[], extra: Record<string, string> = {}) =>
    runCli(
      bundle.file,
      ['simulate', '--project', 'Bench', '--wait', '--poll-interval', '100', ...args],
      cliEnv(gateway.baseUrl, key, extra),
    );

  it('a failing assertion exits 1 with its file:line (and a GitHub annotation); the log streamed before it', async () => {
    const line = lineOf(VHDL_TB, 'THE CHECK');
    const result = await simulate(['--testbench', 'count_tb.vhd', '--source-root', 'hdl'], { GITHUB_ACTIONS: 'true' });
    expect(result.code, explain(result.stderr)).toBe(1);
    expect(result.stdout, result.stderr).toContain(`count_tb.vhd:${line - 1}:5: note: @42ns report note: count is 4`);
    expect(result.stdout).toMatch(new RegExp(`^hdl/count_tb\\.vhd:${line}: error: .*count was 4, expected 5`, 'm'));
    expect(result.stdout).toMatch(new RegExp(`^::error file=hdl/count_tb\\.vhd,line=${line}::.*count was 4`, 'm'));
    // The log sat inside a stop-commands block that ended before the annotation.
    const token = /^::stop-commands::([0-9a-f]{32})$/m.exec(result.stdout)?.[1];
    expect(token).toBeDefined();
    expect(result.stdout.indexOf(`\n::${token}::\n`)).toBeLessThan(result.stdout.indexOf('\n::error '));
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(/^cloud-compile: simulation [0-9a-f]{7} failed: /);
  });

  it('a testbench that ends passes: exit 0, and --vcd writes the waveform (nothing temporary left)', async () => {
    const vcd = path.join(dir, 'waves', 'blink.vcd');
    const result = await simulate(['--testbench', 'pass_tb.vhd', '--vcd', vcd]);
    expect(result.code, explain(result.stderr)).toBe(0);
    expect(result.stdout).toMatch(/report note: done/);
    expect(result.stderr).toMatch(/^Simulation [0-9a-f]{7} passed$/m);
    const text = await readFile(vcd, 'utf8');
    expect(text).toMatch(/^\s*\$var .* clk .*\$end/m);
    expect(await readdir(path.dirname(vcd))).toEqual(['blink.vcd']);
  });

  it('Ctrl+C while waiting cancels the run and exits 130', async () => {
    const run = spawnCli(
      bundle.file,
      ['simulate', '--project', 'Bench', '--testbench', 'spin_tb.vhd', '--wait', '--poll-interval', '100'],
      cliEnv(gateway.baseUrl, key),
    );
    await waitFor(
      async () => (/Simulation [0-9a-f]{7} running/.test(run.output()) ? true : undefined),
      'running',
      60_000,
    );
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code, explain(result.stderr)).toBe(130);
    expect(result.stderr).toMatch(/Ctrl\+C: cancelling simulation [0-9a-f]{7}/);
    const id = /#\/projects\/[0-9a-f]+\/simulations\/([0-9a-f]+)/.exec(result.stderr)![1]!;
    const view = await apiGet<{ status: string }>(gateway.baseUrl, key, `/api/simulations/${id}`);
    expect(view.status).toBe('cancelled');
  });

  it('refuses a run described both ways, before calling the API', async () => {
    const result = await simulate(['--testbench', 'pass_tb.vhd', '--stimulus', path.join(dir, 'none.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('give either --testbench FILE or --stimulus FILE.json');
  });
});
