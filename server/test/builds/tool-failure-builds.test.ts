import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolSandbox } from '../../src/mock/builds/select-runner.js';
import type { ProjectConfig } from '../../src/mock/domain.js';
import { startBuild, toolchainRunner } from './toolchain-harness.js';

// The classification of a tool's own failure, with real processes: a tool that crashes, GHDL and Yosys
// running out of memory. Each gives the tool-failure message, never the design's error; no trace is logged.

const config: ProjectConfig = {
  hardware: 'mk-pro',
  slots: 4,
  os_version: '4.1.1',
  target: 'CustomInstrument',
  interpolation: false,
};
const design = async (name: string) => ({
  name,
  content: await readFile(path.join(import.meta.dirname, 'designs', 'tool-limits', name), 'utf8'),
});
const NATIVE_TRACE = /0x[0-9a-f]{8}|Native stack trace|GHDL Bug occurred|wasm-function|node::|at .*file:\/\//;

let tmpRoot: string;
beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'tool-failure-test-'));
});
afterAll(() => rm(tmpRoot, { recursive: true, force: true }));

describe('a tool failing on its own is a tool failure, never an error in the design', () => {
  it('a tool that crashes (SIGSEGV) fails the build with the tool-failure message', { timeout: 120_000 }, async () => {
    // A stand-in for GHDL that crashes as soon as it runs: a real process killed by a real signal.
    const bin = await mkdtemp(path.join(tmpRoot, 'bin-'));
    const crashing = path.join(bin, 'ghdl');
    await writeFile(crashing, '#!/bin/sh\nkill -SEGV $$\n');
    await chmod(crashing, 0o755);
    const sandbox = toolSandbox();
    const runner = toolchainRunner(tmpRoot, {
      ghdl: { path: crashing, version: 'GHDL (crashing stand-in)' },
      sandbox: { ...sandbox, readOnly: [...sandbox.readOnly, bin] },
    });
    const { outcome, log, diagnostics } = await startBuild(runner, 'crash', config, [
      await design('wide-multipliers.vhd'),
    ]).done;
    expect(outcome.status).toBe('failed');
    expect(outcome.status === 'failed' && outcome.error).toBe(
      'SYNTHESIS failed: tool failure: ghdl stopped on an internal error, not an error in your design',
    );
    expect(log).toContainEqual(expect.stringMatching(/^TOOL FAILURE: ghdl stopped on an internal error \(stopped by/));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it(
    'GHDL running out of memory: the build fails with the tool-failure message (the design was not checked)',
    { timeout: 180_000 },
    async () => {
      const runner = toolchainRunner(tmpRoot, { sandbox: toolSandbox(undefined, 64 * 1024 * 1024) });
      const { outcome, log, diagnostics } = await startBuild(runner, 'ghdl-oom', config, [
        await design('big-table.vhd'),
      ]).done;
      expect(log).toContain(
        'TOOL FAILURE: ghdl ran out of memory: a tool may use at most 64 MiB (MOCK_BUILD_MEMORY_MB). ' +
          'This is a limit of the check tools, not an error found in your design',
      );
      expect(log.filter((l) => NATIVE_TRACE.test(l))).toEqual([]);
      expect(log.join('\n')).not.toMatch(/very large array/);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(outcome).toMatchObject({
        status: 'failed',
        error: 'SYNTHESIS failed: tool failure: ghdl ran out of memory (at most 64 MiB), not an error in your design',
      });
    },
  );

  it(
    'Yosys running out of memory on large multipliers: the estimate skipped for size, in a platform note',
    { timeout: 300_000 },
    async () => {
      const runner = toolchainRunner(tmpRoot, { sandbox: toolSandbox(undefined, 40 * 1024 * 1024) });
      const { outcome, log, diagnostics } = await startBuild(runner, 'yosys-oom', config, [
        await design('wide-multipliers.vhd'),
      ]).done;
      expect(log).toContainEqual(expect.stringMatching(/^TOOL FAILURE: yosys ran out of memory/));
      expect(log.filter((l) => NATIVE_TRACE.test(l))).toEqual([]);
      const notes = diagnostics.filter((d) => d.severity === 'note');
      expect(notes.map((d) => [d.file, d.line])).toEqual([['wide-multipliers.vhd', 7]]);
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(notes[0]!.message).toMatch(/^Yosys ran out of memory .*resource estimate was skipped/);
      expect(outcome.status, log.join('\n')).toBe('succeeded');
    },
  );
});
