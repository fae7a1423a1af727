import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BuildJob, BuildOutcome } from '../runner.js';
import type { ToolSandbox } from './bubblewrap.js';
import { IP_CORES_VERILOG } from './platform-files.js';
import type { SynthesisContext } from './synthesis-context.js';
import type { ToolEnd } from './tool-process.js';
import { estimateWithYosys, YOSYS_TIME_LIMIT_NOTE } from './yosys-estimate.js';

// How the estimate step ends a build when Yosys does not finish: the design was checked before Yosys ran
// (GHDL for a VHDL top, Verilator for a Verilog one), so the build's time running out during the estimate is
// a limit of the estimate, said in a platform note; a design with errors of its own still fails.

const sandbox: ToolSandbox = {
  kind: 'none',
  readOnly: [],
  fileSizeLimitBytes: 1 << 20,
  memoryLimitBytes: 256 << 20,
};
const top = { language: 'vhdl' as const, file: 'top.vhd', line: 5 };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'yosys-estimate-'));
  await mkdir(path.join(dir, 'platform'));
  await mkdir(path.join(dir, 'src'));
  await writeFile(path.join(dir, 'platform', IP_CORES_VERILOG), '');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A build whose Yosys run ends with `end`; records the build's notes and failures. */
function context(end: ToolEnd, userErrors = false) {
  const skipped: { file: string; what: string }[] = [];
  const failures: ToolEnd[] = [];
  const ctx = {
    job: () => ({ config: { target: 'CustomInstrument' } }) as BuildJob,
    dir: () => dir,
    tool: () => Promise.resolve(end),
    log: () => undefined,
    userErrors: () => userErrors,
    troubleKind: () => null,
    troubleWords: () => '',
    toolError: () => null,
    estimateSkipped: (file: string, what: string) => {
      skipped.push({ file, what });
      return true as const;
    },
    failure: (e: ToolEnd) => {
      failures.push(e);
      return Promise.resolve({ status: 'failed', error: 'SYNTHESIS failed' } as BuildOutcome);
    },
  } as unknown as SynthesisContext;
  return { ctx, skipped, failures };
}

describe('estimateWithYosys when Yosys does not finish', () => {
  it("the build's time running out during the estimate skips the estimate with a platform note", async () => {
    const { ctx, skipped, failures } = context({ reason: 'time-limit' });
    expect(await estimateWithYosys(ctx, sandbox, [], '.vhdl-netlist.v', top)).toBe(true);
    expect(skipped).toEqual([{ file: 'top.vhd', what: YOSYS_TIME_LIMIT_NOTE }]);
    expect(failures).toEqual([]);
  });

  it('a design with errors of its own still fails at the time limit', async () => {
    const { ctx, skipped, failures } = context({ reason: 'time-limit' }, true);
    const outcome = await estimateWithYosys(ctx, sandbox, [], '.vhdl-netlist.v', top);
    expect(outcome).toMatchObject({ status: 'failed' });
    expect(skipped).toEqual([]);
    expect(failures).toEqual([{ reason: 'time-limit' }]);
  });

  it('a cancelled build is not a skipped estimate', async () => {
    const { ctx, skipped } = context({ reason: 'cancelled' });
    expect(await estimateWithYosys(ctx, sandbox, [], '.vhdl-netlist.v', top)).toMatchObject({ status: 'failed' });
    expect(skipped).toEqual([]);
  });
});
