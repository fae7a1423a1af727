import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { version as yosysVersion } from '@yowasp/yosys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildJob, BuildOutcome } from '../../src/mock/builds/runner.js';
import { detectIsolation, type ToolSandbox } from '../../src/mock/builds/toolchain/bubblewrap.js';
import { findGhdl, GHDL_MISSING, toolSandbox } from '../../src/mock/builds/select-runner.js';
import { BuildBudget, runTool, toolEnvironment } from '../../src/mock/builds/toolchain/tool-process.js';
import { ToolchainRunner, type ToolchainRunnerOptions } from '../../src/mock/builds/toolchain/toolchain-runner.js';
import type { ProjectConfig, SourceFile } from '../../src/mock/domain.js';
import { PLATFORM_DIR } from '../fixtures/seed-data.js';
import { constantDesign, WIDE_NAME } from './hostile-designs.js';

// What a user's design can reach: with bubblewrap, no file of the gateway's machine outside the
// toolchain and the build directory (a VHDL function may open files with std.textio at synthesis
// time); no tool-written file bigger than the limits is read or kept; file names never become options
// or Yosys commands.

const ghdl = findGhdl();
const config: ProjectConfig = {
  hardware: 'mk-pro',
  slots: 4,
  os_version: '4.1.1',
  target: 'CustomInstrument',
  interpolation: false,
};
let tmpRoot: string;
let outside: string;
const CANARY = `canary-${process.pid}-${Date.now()}`;

beforeAll(async () => {
  if (!ghdl) throw new Error(GHDL_MISSING);
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'isolation-test-'));
  // Outside the build directories (a sibling of tmpRoot), readable by the gateway user.
  outside = await mkdtemp(path.join(os.tmpdir(), 'isolation-canary-'));
  await writeFile(path.join(outside, 'secret.txt'), `${CANARY}\n`);
});
afterAll(async () => {
  await rm(tmpRoot, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

function runner(overrides: Partial<ToolchainRunnerOptions> = {}): ToolchainRunner {
  return new ToolchainRunner({
    platformDir: PLATFORM_DIR,
    ghdl: ghdl!,
    yosysVersion,
    concurrency: 2,
    timeLimitMs: 120_000,
    outputLimitBytes: 2 << 20,
    sandbox: toolSandbox(),
    tmpRoot,
    ...overrides,
  });
}

function build(r: ToolchainRunner, files: SourceFile[]): Promise<{ outcome: BuildOutcome; log: string }> {
  const log: string[] = [];
  const job: BuildJob = { buildId: 'isolation', projectName: 'isolation', config, queuedAt: new Date(), files };
  return new Promise((resolve) => {
    r.start(job, {
      stageStarted: () => {},
      stageFinished: () => {},
      log: (lines) => log.push(...lines),
      finished: (outcome) => resolve({ outcome, log: log.join('\n') }),
    });
  });
}

const everything = (built: { outcome: BuildOutcome; log: string }) =>
  [built.log, ...(built.outcome.artifacts ?? []).map((a) => a.content.toString('utf8'))].join('\n');

/** A VHDL top whose constant is the first line of `file`, read at synthesis time and reported by an assert. */
function reader(file: string): SourceFile {
  const content = `library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;
use std.textio.all;

architecture Spy of CustomInstrument is
    impure function slurp(name : string) return string is
        file f : text open read_mode is name;
        variable l : line;
    begin
        readline(f, l);
        assert false report "LEAKED[" & l.all & "]" severity warning;
        return l.all;
    end function;
    constant Secret : string := slurp("${file}");
begin
    OutputA <= to_signed(Secret'length, 16);
    OutputB <= (others => '0');
    OutputC <= (others => '0');
    OutputD <= (others => '0');
end architecture;
`;
  return { name: 'spy.vhd', content } as SourceFile;
}

describe.runIf(detectIsolation() === 'bwrap')('file isolation (bubblewrap)', () => {
  it(
    'a design cannot read a file outside its build directory: the canary never reaches the log or the artifacts',
    { timeout: 120_000 },
    async () => {
      const built = await build(runner(), [reader(path.join(outside, 'secret.txt'))]);
      expect(everything(built)).not.toContain(CANARY);
      expect(built.log).toContain(`cannot open file: ${path.join(outside, 'secret.txt')}`);
      expect(built.outcome.status).toBe('failed');
      expect(built.log).toMatch(/Isolation: file isolation by bubblewrap/);
    },
  );

  it("a design cannot read the gateway's environment through /proc", { timeout: 120_000 }, async () => {
    process.env.GATEWAY_SECRET_FOR_TEST = CANARY;
    try {
      const built = await build(runner(), [reader(`/proc/${process.pid}/environ`)]);
      expect(everything(built)).not.toContain(CANARY);
      expect(built.log).toContain(`cannot open file: /proc/${process.pid}/environ`);
    } finally {
      delete process.env.GATEWAY_SECRET_FOR_TEST;
    }
  });

  it('the tools see their build directory read-write and a private /tmp, nothing else of the gateway', async () => {
    const sandbox = toolSandbox();
    const dir = await mkdtemp(path.join(tmpRoot, 'probe-'));
    const lines: string[] = [];
    const script = `cat ${path.join(outside, 'secret.txt')} 2>&1; ls /tmp; ls ${os.homedir()} 2>&1 | head -1; echo ok > written; echo done`;
    const run = runTool({
      command: 'sh',
      args: ['-c', script],
      cwd: dir,
      env: toolEnvironment(dir),
      budget: new BuildBudget(10_000, 1 << 20),
      sandbox,
      onLine: (l) => lines.push(l),
    });
    expect(await run.done).toEqual({ reason: 'exit', code: 0 });
    expect(lines.join('\n')).not.toContain(CANARY);
    expect(lines.join('\n')).toMatch(/No such file or directory/);
    expect(lines).not.toContain(path.basename(outside));
    expect(await readdir(dir)).toEqual(['written']);
  });
});

describe('sizes of tool-written files', () => {
  /** A stand-in for GHDL whose `--synth` writes `bytes` of Verilog (to stdout, which the build redirects to a file). */
  async function fakeGhdl(bytes: number): Promise<string> {
    const file = path.join(outside, `fake-ghdl-${bytes}`);
    await writeFile(
      file,
      `#!/bin/sh\ncase "$1" in --synth) head -c ${bytes} /dev/zero | tr '\\0' 'a' ;; *) exit 0 ;; esac\n`,
    );
    await chmod(file, 0o755);
    return file;
  }
  // The stand-in lives outside the build directory, so it runs without bubblewrap (which would hide it).
  const unisolated = (fileSizeLimitBytes: number): ToolSandbox => ({
    kind: 'none',
    readOnly: [],
    fileSizeLimitBytes,
    memoryLimitBytes: 1 << 30,
  });
  const top = {
    name: 'top.vhd',
    content: 'architecture A of CustomInstrument is begin end architecture;\n',
  } as SourceFile;

  it(
    'a file bigger than the read limit is refused before it is read: the build fails saying so',
    { timeout: 60_000 },
    async () => {
      const path9MiB = await fakeGhdl(9 * 1024 * 1024);
      const built = await build(runner({ ghdl: { path: path9MiB, version: 'fake' }, sandbox: unisolated(64 << 20) }), [
        top,
      ]);
      expect(built.outcome).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(
          /vhdl-netlist\.v is 9437184 bytes, more than the 8388608 bytes a check build reads/,
        ),
      });
      expect(built.log).toContain('ERROR: vhdl-netlist.v is 9437184 bytes');
    },
  );

  it(
    'a tool writing past the file size limit is stopped (RLIMIT_FSIZE): the file stays small, the build fails saying so',
    { timeout: 60_000 },
    async () => {
      const huge = await fakeGhdl(200 * 1024 * 1024);
      const r = runner({ ghdl: { path: huge, version: 'fake' }, sandbox: unisolated(1 << 20) });
      let biggest = 0;
      const watcher = setInterval(() => {
        void readdir(tmpRoot).then((dirs) =>
          dirs.forEach(
            (d) =>
              void stat(path.join(tmpRoot, d, 'vhdl-netlist.v')).then(
                (s) => (biggest = Math.max(biggest, s.size)),
                () => {},
              ),
          ),
        );
      }, 5);
      const built = await build(r, [top]);
      clearInterval(watcher);
      expect(built.outcome).toMatchObject({
        status: 'failed',
        error: 'SYNTHESIS failed: a tool wrote a file larger than the limit',
      });
      expect(built.log).toContain('ERROR: ghdl tried to write a file larger than 1048576 bytes and was stopped');
      expect(biggest).toBeLessThanOrEqual(1 << 20);
    },
  );
});

describe('memory', () => {
  /** A design whose elaboration fills a 4 GiB array constant: GHDL allocates as long as it may. */
  const hog = constantDesign(
    'hog.vhd',
    `    type big is array (0 to 2**30 - 1) of integer;
    function fill return integer is
        variable v : big := (others => 1);
    begin
        return v(5);
    end function;
    constant c : integer := fill;`,
  );

  it(
    'a design that makes GHDL allocate without end stops at the memory limit, and the log says so',
    { timeout: 60_000 },
    async () => {
      // Without the limit GHDL grows by ~100 MB/s until the time limit (here 20 s, so a regression cannot
      // take the machine's memory with it).
      const sandbox = { ...toolSandbox(), memoryLimitBytes: 256 << 20 };
      const built = await build(runner({ sandbox, timeLimitMs: 20_000 }), [hog]);
      expect(built.outcome).toMatchObject({
        status: 'failed',
        error: 'SYNTHESIS failed: tool failure: ghdl ran out of memory (at most 256 MiB), not an error in your design',
      });
      expect(built.log).toContain(
        'TOOL FAILURE: ghdl ran out of memory: a tool may use at most 256 MiB (MOCK_BUILD_MEMORY_MB). ' +
          'This is a limit of the check tools, not an error found in your design',
      );
      expect(built.log).toMatch(/Limits: .*memory 256 MiB/);
    },
  );
});

describe('a design that only says "out of memory"', () => {
  it('fails with its own message, without the memory limit hint', { timeout: 60_000 }, async () => {
    const says = constantDesign(
      'says.vhd',
      `    function fail return integer is
    begin
        report "out of memory: Cannot allocate memory" severity failure;
        return 0;
    end function;
    constant c : integer := fail;`,
    );
    const built = await build(runner(), [says]);
    expect(built.outcome).toMatchObject({ status: 'failed', error: expect.stringContaining('says.vhd, line 8') });
    expect(built.log).toContain('out of memory: Cannot allocate memory');
    expect(built.log).not.toContain('ran out of memory');
  });
});

describe('file names', () => {
  const adder = (name: string) => ({ name, content: 'module CustomInstrument(input Clk); endmodule\n' }) as SourceFile;

  it('a VHDL file named like an option is passed as ./name and analysed as a file', { timeout: 120_000 }, async () => {
    const file = {
      name: '--help.vhd',
      content: 'architecture A of CustomInstrument is begin end architecture;\n',
    } as SourceFile;
    const built = await build(runner(), [file]);
    expect(built.log).toContain('$ ghdl -i --std=08 --workdir=. ./--help.vhd');
    expect(built.log).not.toMatch(/Usage: ghdl/i);
  });

  it(
    'a Verilog file name holding " or ; is refused with a clear message, before any tool runs',
    { timeout: 60_000 },
    async () => {
      const built = await build(runner(), [adder('top";shell echo PWNED;".v')]);
      expect(built.outcome).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('holds a character the tools cannot take'),
      });
      expect(built.log).not.toContain('$ yosys');
      expect(built.log).not.toContain('PWNED\n');
    },
  );

  it(
    'a file name too long for the file system (a project stored before names were bounded in bytes) fails the build without a path of the machine',
    { timeout: 60_000 },
    async () => {
      const built = await build(runner(), [
        { name: WIDE_NAME, content: 'architecture A of CustomInstrument is begin end architecture;\n' } as SourceFile,
      ]);
      expect(built.outcome).toMatchObject({
        status: 'failed',
        error: 'The build stopped unexpectedly: a file name is longer than the file system allows (255 bytes of UTF-8)',
      });
      // Before: ENAMETOOLONG … open '<temp dir>/cc-build-…/src/中中…'.
      expect(everything(built)).not.toContain(tmpRoot);
      expect(everything(built)).not.toMatch(/ENAMETOOLONG|\/tmp\//);
    },
  );

  it("a file named like the build's own files is refused", { timeout: 60_000 }, async () => {
    const built = await build(runner(), [adder('top.v'), { name: 'netlist.json', content: '{}' } as SourceFile]);
    expect(built.outcome).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('"netlist.json" is reserved'),
    });
  });
});
