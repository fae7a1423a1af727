import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOKU_LIBRARY, MOKU_LIBRARY_NAME } from '../../src/mock/builds/toolchain/platform-files.js';
import { PLATFORM_DIR } from '../fixtures/seed-data.js';

// The platform library Moku.Support (fixtures/platform/vhdl/moku) simulated by GHDL: each testbench here
// compares the functions and components with the documented formulas (saturation edges, rounding,
// latency, OutValid) and stops at the first mismatch.

const run = promisify(execFile);
const HERE = path.dirname(new URL(import.meta.url).pathname);
const LIBRARY = MOKU_LIBRARY.map((name) => path.join(PLATFORM_DIR, 'vhdl', name));
const TESTBENCHES = ['tb-functions.vhd', 'tb-scale-offset.vhd', 'tb-interpolator.vhd'].map((n) => path.join(HERE, n));

let workdir: string;

async function ghdl(args: string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run('ghdl', args, { cwd: workdir, maxBuffer: 16 << 20 });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: stdout + stderr };
  }
}

/** Runs a testbench; an assertion of severity error ends it with a failure. */
const simulate = (unit: string) =>
  ghdl(['--elab-run', '--std=08', '--workdir=.', unit, '--assert-level=error', '--ieee-asserts=disable-at-0']);

beforeAll(async () => {
  workdir = await mkdtemp(path.join(os.tmpdir(), 'moku-support-'));
  const library = await ghdl(['-a', '--std=08', '--workdir=.', `--work=${MOKU_LIBRARY_NAME}`, ...LIBRARY]);
  if (!library.ok) throw new Error(`the library does not analyse:\n${library.output}`);
  const benches = await ghdl(['-a', '--std=08', '--workdir=.', ...TESTBENCHES]);
  if (!benches.ok) throw new Error(`the testbenches do not analyse:\n${benches.output}`);
});
afterAll(() => (workdir ? rm(workdir, { recursive: true, force: true }) : undefined));

describe('Moku.Support', { timeout: 60_000 }, () => {
  it('is VHDL-93 as well as VHDL-2008', async () => {
    // A library of another standard is another file (moku-obj93.cf): the 2008 one stays as it is.
    const result = await ghdl(['-a', '--std=93c', '--workdir=.', `--work=${MOKU_LIBRARY_NAME}`, ...LIBRARY]);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  it('functions: sum_no_overflow (4 overloads), clip, clip_val and or_reduce, exhaustively on small widths', async () => {
    const result = await simulate('tb_functions');
    expect(result.output).toMatch(/tb_functions: 5408 checks done/);
    expect(result.ok, result.output).toBe(true);
  });

  it('ScaleOffset and ScaleOffset2: formula, shifts, rounding, saturation and latency in eight configurations', async () => {
    const result = await simulate('tb_scale_offset');
    expect(result.ok, result.output).toBe(true);
    const done = [...result.output.matchAll(/: (\d+) checks done/g)].map((m) => Number(m[1]));
    expect(done).toHaveLength(8);
    for (const count of done) expect(count).toBeGreaterThanOrEqual(2999);
  });

  it('ScaleOffset refuses IN_REG and MID_REG together', async () => {
    const result = await simulate('tb_scale_offset_both_regs');
    expect(result.ok).toBe(false);
    expect(result.output).toContain('ScaleOffset: IN_REG and MID_REG cannot both be 1');
  });

  it('Interpolator: A + floor((B - A) * N / 2**width), registered and combinational', async () => {
    const result = await simulate('tb_interpolator');
    expect(result.output).toMatch(/tb_interpolator: 4000 checks done/);
    expect(result.ok, result.output).toBe(true);
  });
});
