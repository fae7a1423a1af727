import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { ADA } from '../helpers/test-fixtures.js';
import { apiGet, buildCliBundle, cliEnv, createApiKey, runCli } from './support.js';

const ESC = '\u001b';
const BEL = '\u0007';

/**
 * A design whose lines are GitHub workflow commands and terminal escapes. GHDL quotes each line it
 * finds an error on (at column 0), which is how they reach the build log (issue 31, item 3).
 */
const HOSTILE_VHD = [
  'library ieee;',
  'use ieee.std_logic_1164.all;',
  'architecture rtl of CustomInstrument is',
  'begin',
  // GHDL resumes after a `;`, so each line gets an error of its own (and is quoted).
  '::error file=adder.vhd,line=1,title=Injected::the design wrote this annotation',
  ';',
  '::add-mask::InjectedMask',
  ';',
  '::set-output name=build-id::injected',
  ';',
  `${ESC}]0;InjectedTitle${BEL} ${ESC}]52;c;SW5qZWN0ZWQ=${BEL} ${ESC}[2J ${ESC}[31mred`,
  'end architecture;',
  '',
].join('\n');

/**
 * What the GitHub Actions runner would act on in a step's output: every line that is a workflow
 * command (`::name …::…`, leading spaces allowed), except inside a `::stop-commands::<token>` block,
 * which only `::<token>::` ends.
 */
function liveCommands(output: string): string[] {
  const live: string[] = [];
  let stopToken: string | undefined;
  for (const raw of output.split('\n')) {
    const line = raw.trimStart();
    if (stopToken !== undefined) {
      if (line === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const stop = /^::stop-commands::(.+)$/.exec(line);
    if (stop) stopToken = stop[1];
    else if (/^::[\w-]+( [^:]*)?::/.test(line)) live.push(line);
  }
  return live;
}

interface Build {
  id: string;
  status: string;
  diagnostics: {
    file: string;
    line: number;
    column: number | null;
    severity: string;
    message: string;
    origin: string;
  }[];
}

// A real check build (GHDL in its sandbox) of the hostile design, followed by the packaged command
// with GITHUB_ACTIONS=true: nothing the design wrote may act on the CI or the terminal.
describe('cloud-compile in GitHub Actions: a design cannot command the CI', { timeout: 240_000 }, () => {
  let gateway: RunningGateway;
  let bundle: { file: string; remove: () => Promise<void> };
  let key: string;
  let dir: string;

  beforeAll(async () => {
    [gateway, bundle] = await Promise.all([
      startGateway({ MOCK_BUILDS: 'toolchain', MOCK_BUILD_CONCURRENCY: '1' }),
      buildCliBundle(),
    ]);
    key = (await createApiKey(gateway.baseUrl, ADA, ['projects:write', 'builds:queue'])).key;
    dir = await mkdtemp(path.join(os.tmpdir(), 'cloud-compile-ci-safety-'));
    await writeFile(path.join(dir, 'top.vhd'), HOSTILE_VHD);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([gateway?.close(), bundle?.remove(), dir && rm(dir, { recursive: true, force: true })]);
  });

  it('build --wait and logs print the quoted lines inert; the only commands are annotations from the diagnostics', async () => {
    const stepOutputs = path.join(dir, 'github-output');
    const env = cliEnv(gateway.baseUrl, key, { GITHUB_ACTIONS: 'true', GITHUB_OUTPUT: stepOutputs });
    const pushed = await runCli(bundle.file, ['push', dir, '--project', 'Hostile', '--create'], env);
    expect(pushed.code, pushed.stderr).toBe(0);
    const result = await runCli(
      bundle.file,
      ['build', '--project', 'Hostile', '--wait', '--poll-interval', '200', '--source-root', 'hdl'],
      env,
    );
    expect(result.code, result.stderr).toBe(1);
    const output = result.stdout + result.stderr;

    // The design's lines did reach the log (GHDL quoted them)…
    expect(result.stdout).toContain('::error file=adder.vhd,line=1,title=Injected::the design wrote this annotation');
    expect(result.stdout).toContain('::add-mask::InjectedMask');
    expect(result.stdout).toContain('::set-output name=build-id::injected');
    // The quoted escape line shows its text; the sequences, payloads included, are gone.
    expect(result.stdout).toMatch(/^ +red$/m);
    expect(output).not.toMatch(/InjectedTitle|SW5qZWN0ZWQ/);
    // …but no control sequence or character is left, and GHDL's closing noise line is gone.
    expect(output).not.toContain(ESC);
    expect(output).not.toContain(BEL);
    // eslint-disable-next-line no-control-regex
    expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(output).not.toContain('importation has failed');

    // What the runner would act on: exactly the annotations of the build's own diagnostics.
    const id = /#\/builds\/[0-9a-f]+\/([0-9a-f]{24})/.exec(result.stderr)![1]!;
    const build = await apiGet<Build>(gateway.baseUrl, key, `/api/builds/${id}`);
    const errors = build.diagnostics.filter((d) => d.severity === 'error' && d.origin === 'user');
    expect(errors.length).toBeGreaterThan(0);
    const live = liveCommands(output);
    expect(live.length).toBe(new Set(errors.map((d) => `${d.file}:${d.line}:${d.column}:${d.message}`)).size);
    for (const command of live) expect(command).toMatch(/^::error file=hdl\/top\.vhd,line=\d+(,col=\d+)?::/);
    expect(live.join('\n')).not.toMatch(/add-mask|set-output|adder\.vhd|Injected/);
    // The step outputs are the command's own, not the design's `::set-output`.
    expect(await readFile(stepOutputs, 'utf8')).toBe(`build-id=${id}\nbuild-status=failed\n`);

    const logs = await runCli(bundle.file, ['logs', id.slice(-7)], env);
    expect(logs.code, logs.stderr).toBe(0);
    expect(logs.stdout).toContain('::add-mask::InjectedMask');
    expect(logs.stdout).not.toContain(ESC);
    expect(liveCommands(logs.stdout + logs.stderr)).toEqual([]);
  });
});
