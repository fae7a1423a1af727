import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectConfig } from '../../src/mock/domain.js';
import { artifact, startBuild, toolchainRunner, type Finished } from './toolchain-harness.js';

// Verilog and SystemVerilog as users write them, built by the real toolchain (Verilator checks, Yosys
// estimates): our own designs, one per construct (server/test/builds/designs/verilog/).

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

let tmpRoot: string;
beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'verilog-designs-'));
});
afterAll(() => rm(tmpRoot, { recursive: true, force: true }));

async function build(target: string, files: { name: string; content: string }[]): Promise<Finished> {
  return startBuild(toolchainRunner(tmpRoot), files[0]!.name, config(target), files).done;
}
const errors = (f: Finished) => f.diagnostics.filter((d) => d.severity === 'error');

describe('Verilog and SystemVerilog tops, checked by Verilator', { timeout: 240_000 }, () => {
  it('a SystemVerilog top with unpacked control/status ports and outputinterp* builds', async () => {
    const built = await build('CustomInstrument', [await design('sv-unpacked-top.sv')]);
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
    const built = await build('CustomWrapper', [await design('custom-wrapper-legacy.v')]);
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    expect(errors(built)).toEqual([]);
    expect(artifact(built.outcome, 'resources.rpt')).toMatch(/Number of cells/);
  });

  it("a genuine error (a '--' comment) fails at its file and line", async () => {
    const built = await build('CustomInstrument', [await design('sv-dash-comment.sv')]);
    expect(built.outcome.status).toBe('failed');
    expect(errors(built)[0]).toMatchObject({ file: 'sv-dash-comment.sv', line: 12, column: 3 });
    expect(errors(built)[0]!.message).toMatch(/syntax error, unexpected --/);
    expect(built.outcome.status === 'failed' && built.outcome.error).toMatch(/\(sv-dash-comment\.sv, line 12\)$/);
  });

  it("a top lacking a platform port, or with a port of another width, fails at the module's or the port's line", async () => {
    const source = (await design('sv-unpacked-top.sv')).content
      .replace('    output wire [31:0] status [0:15]\n', '')
      .replace('    input  wire [31:0] control [0:15],', '    input  wire [15:0] control [0:15]')
      .replace(/for \(genvar[\s\S]*?end\n/, '');
    const built = await build('CustomInstrument', [await design('short.sv', source)]);
    expect(built.outcome.status).toBe('failed');
    expect(errors(built).map((d) => [d.line, d.message])).toEqual([
      [12, "port control is input of 256 bits; the platform's CustomInstrument has input of 512 bits"],
      [4, "module CustomInstrument lacks the platform's port status (output, 512 bits)"],
    ]);
  });

  it('a SystemVerilog top instantiating a platform IP core (Counter_32) is checked around it as a black box', async () => {
    const built = await build('CustomInstrument', [await design('sv-ip-counter.sv')]);
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    expect(errors(built)).toEqual([]);
    expect(built.diagnostics.filter((d) => d.severity === 'warning' && /Counter_32/.test(d.message))).toEqual([]);
  });
});
