import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftChecker } from '../../src/mock/checks/draft-check.js';
import { toolSandbox } from '../../src/mock/builds/select-runner.js';
import { findVerilator } from '../../src/mock/builds/toolchain/verilog-check.js';
import type { ProjectConfig } from '../../src/mock/domain.js';
import { PLATFORM_DIR } from '../fixtures/seed-data.js';
import { artifact, ghdl, startBuild, toolchainRunner, type Finished } from './toolchain-harness.js';

// Verilog and SystemVerilog as users write them, built by the real toolchain (Verilator checks, Yosys
// estimates): our own designs, one per construct (server/test/builds/designs/verilog/). Every build is
// started at once through one runner (one per core, as the gateway runs them), and each test waits for its
// own: one after another they kept a core idle.

const config = (target: string): ProjectConfig => ({
  hardware: 'mk-pro',
  slots: 4,
  os_version: '4.1.1',
  target,
  interpolation: false,
});
const design = async (name: string, content?: string) => ({
  name,
  content: content ?? (await readFile(path.join(import.meta.dirname, 'designs', 'verilog', name), 'utf8')),
});

/** sv-unpacked-top.sv without its status port and with control of another width. */
const shortTop = async () =>
  design(
    'short.sv',
    (await design('sv-unpacked-top.sv')).content
      .replace('    output wire [31:0] status [0:15]\n', '')
      .replace('    input  wire [31:0] control [0:15],', '    input  wire [15:0] control [0:15]')
      .replace(/for \(genvar[\s\S]*?end\n/, ''),
  );

/** Every build the tests look at, by its one file's name, with the project's target. */
const BUILDS: Record<string, { target: string; file: () => Promise<{ name: string; content: string }> }> = {
  'sv-unpacked-top.sv': { target: 'CustomInstrument', file: () => design('sv-unpacked-top.sv') },
  'custom-wrapper-legacy.v': { target: 'CustomWrapper', file: () => design('custom-wrapper-legacy.v') },
  'sv-dash-comment.sv': { target: 'CustomInstrument', file: () => design('sv-dash-comment.sv') },
  'short.sv': { target: 'CustomInstrument', file: shortTop },
  'sv-ip-counter.sv': { target: 'CustomInstrument', file: () => design('sv-ip-counter.sv') },
  'body-window-peak.sv': { target: 'CustomInstrument', file: () => design('body-window-peak.sv') },
  'body-wrapper-mixer.v': { target: 'CustomWrapper', file: () => design('body-wrapper-mixer.v') },
  'body-typo.sv': { target: 'CustomInstrument', file: () => design('body-typo.sv') },
};

let tmpRoot: string;
let builds: Map<string, Promise<Finished>>;
beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'verilog-designs-'));
  const runner = toolchainRunner(tmpRoot);
  builds = new Map();
  for (const [name, { target, file }] of Object.entries(BUILDS))
    builds.set(name, startBuild(runner, name, config(target), [await file()]).done);
});
afterAll(async () => {
  // Every build ends before its directory goes, also those of tests left out by -t.
  await Promise.all(builds?.values() ?? []);
  await rm(tmpRoot, { recursive: true, force: true });
}, 240_000);

const build = (name: string): Promise<Finished> => builds.get(name)!;
const errors = (f: Finished) => f.diagnostics.filter((d) => d.severity === 'error');

describe('Verilog and SystemVerilog tops, checked by Verilator', { timeout: 240_000 }, () => {
  it('a SystemVerilog top with unpacked control/status ports and outputinterp* builds', async () => {
    const built = await build('sv-unpacked-top.sv');
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    expect(errors(built)).toEqual([]);
    expect(built.log).toContainEqual(expect.stringMatching(/^\$ verilator --lint-only --top-module CustomInstrument/));
    // Yosys cannot read unpacked array ports: the estimate is skipped, said in a note, not an error.
    const notes = built.diagnostics.filter((d) => d.severity === 'note');
    expect(notes.map((d) => [d.file, d.line])).toEqual([['sv-unpacked-top.sv', 4]]);
    expect(notes[0]!.message).toMatch(
      /^Yosys could not read the design .*resource estimate was skipped: a limit of the check/,
    );
  });

  it('the older CustomWrapper module (Clk, Reset, Sync, InputA…, OutputInterpA…, Control0…15) builds', async () => {
    const built = await build('custom-wrapper-legacy.v');
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    expect(errors(built)).toEqual([]);
    expect(artifact(built.outcome, 'resources.rpt')).toMatch(/Number of cells/);
  });

  it("a genuine error (a '--' comment) fails at its file and line", async () => {
    const built = await build('sv-dash-comment.sv');
    expect(built.outcome.status).toBe('failed');
    expect(errors(built)[0]).toMatchObject({ file: 'sv-dash-comment.sv', line: 12, column: 3 });
    expect(errors(built)[0]!.message).toMatch(/syntax error, unexpected --/);
    expect(built.outcome.status === 'failed' && built.outcome.error).toMatch(/\(sv-dash-comment\.sv, line 12\)$/);
  });

  it("a top lacking a platform port, or with a port of another width, fails at the module's or the port's line", async () => {
    const built = await build('short.sv');
    expect(built.outcome.status).toBe('failed');
    expect(errors(built).map((d) => [d.line, d.message])).toEqual([
      [12, "port control is input of 256 bits; the platform's CustomInstrument has input of 512 bits"],
      [4, "module CustomInstrument lacks the platform's port status (output, 512 bits)"],
    ]);
  });

  it('a SystemVerilog top instantiating a platform IP core (Counter_32) is checked around it as a black box', async () => {
    const built = await build('sv-ip-counter.sv');
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    expect(errors(built)).toEqual([]);
    expect(built.diagnostics.filter((d) => d.severity === 'warning' && /Counter_32/.test(d.message))).toEqual([]);
  });
});

describe('body-only Verilog files: the platform supplies the module header', { timeout: 240_000 }, () => {
  const checker = () =>
    new DraftChecker({
      platformDir: PLATFORM_DIR,
      ghdl: ghdl!,
      verilator: findVerilator(),
      sandbox: toolSandbox(),
      concurrency: 1,
      tmpRoot,
    });
  const draftCheck = (file: { name: string; content: string }, target = 'CustomInstrument') =>
    checker().check({ files: [file], draft: file, target }, 'ada', new AbortController().signal);

  it('a body-only current-form design (unpacked control/status) is linted by Verilator and estimated by Yosys', async () => {
    const built = await build('body-window-peak.sv');
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    expect(built.diagnostics.filter((d) => d.severity !== 'warning')).toEqual([]);
    expect(built.log).toContainEqual(expect.stringMatching(/^\$ verilator --lint-only --top-module CustomInstrument/));
    expect(artifact(built.outcome, 'resources.rpt')).toMatch(/Number of cells/);
  });

  it('a body-only CustomWrapper design with the vendor-case names (Clk, InputA, Control0) builds', async () => {
    const built = await build('body-wrapper-mixer.v');
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    expect(errors(built)).toEqual([]);
    expect(artifact(built.outcome, 'resources.rpt')).toMatch(/Number of cells/);
  });

  it('an error in a body-only file fails the build at its own file:line, and a draft check finds the same', async () => {
    const file = await design('body-typo.sv');
    const built = await build('body-typo.sv');
    expect(built.outcome.status).toBe('failed');
    expect(errors(built)[0]).toMatchObject({ file: 'body-typo.sv', line: 10, column: 18, origin: 'user' });
    expect(errors(built)[0]!.message).toMatch(/acumulator/);
    expect(built.outcome.status === 'failed' && built.outcome.error).toMatch(/\(body-typo\.sv, line 10\)$/);
    const drafted = await draftCheck(file);
    expect(drafted.outcome).toBe('checked');
    expect(drafted.diagnostics.filter((d) => d.severity === 'error')).toEqual(errors(built));
  });

  it("a draft's finding on its first line keeps its column; one at the end of the file stays on its last line", async () => {
    const firstLine = await draftCheck({
      name: 'first.sv',
      content: 'assign outputa = nosuch;\nassign outputb = inputb;',
    });
    expect(firstLine.diagnostics.filter((d) => d.severity === 'error')).toMatchObject([
      { file: 'first.sv', line: 1, column: 18 },
    ]);
    const unclosed = await draftCheck({ name: 'open.sv', content: 'always_ff @(posedge clk) begin\n  if (reset) ;\n' });
    const lines = unclosed.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.file, d.line]);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every(([file, line]) => file === 'open.sv' && (line as number) <= 3)).toBe(true);
  });

  it("an interlaced body-only draft reads the platform's factors and its unpacked samples", async () => {
    const content = [
      "// The difference of each of input A's samples from the newest of the clock before.",
      'logic signed [15:0] newest;',
      'always_ff @(posedge clk) newest <= inputa[input_interlacing_factor-1];',
      'for (genvar i = 0; i < output_interlacing_factor; i++) assign outputa[i] = inputa[i] - newest;',
      'assign status[0] = control[1];',
    ].join('\n');
    const checked = await draftCheck({ name: 'interlaced.sv', content }, 'CustomInstrumentInterlaced');
    expect(checked.outcome).toBe('checked');
    expect(checked.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
