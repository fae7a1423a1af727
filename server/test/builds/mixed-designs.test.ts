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

// Mixed designs, as the vendor's toolchain builds them: a SystemVerilog top instantiating a VHDL entity of
// the project (server/test/builds/designs/mixed/, our own design), built by the real toolchain (GHDL checks
// the VHDL, Verilator the Verilog against the entity's ports, Yosys estimates with the entity a black box).

const config: ProjectConfig = {
  hardware: 'mk-pro',
  slots: 4,
  os_version: '4.1.1',
  target: 'CustomInstrument',
  interpolation: false,
};
const read = (name: string) => readFile(path.join(import.meta.dirname, 'designs', 'mixed', name), 'utf8');
const TOP = 'mixed-top.sv';
const ENTITY = 'crossing-counter.vhd';

/** The design's two files, each edited by `edit` (its text, its name). */
async function files(edit: (text: string, name: string) => string = (text) => text) {
  return Promise.all([TOP, ENTITY].map(async (name) => ({ name, content: edit(await read(name), name) })));
}

let tmpRoot: string;
beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'mixed-designs-'));
});
afterAll(() => rm(tmpRoot, { recursive: true, force: true }));

async function build(edit?: (text: string, name: string) => string): Promise<Finished> {
  return startBuild(toolchainRunner(tmpRoot), TOP, config, await files(edit)).done;
}
const bySeverity = (f: Finished, severity: string) => f.diagnostics.filter((d) => d.severity === severity);

describe('a SystemVerilog top instantiating a VHDL entity of the project', { timeout: 240_000 }, () => {
  it('builds: the entity checked by GHDL, the instance by Verilator, the estimate with the entity a black box', async () => {
    const built = await build();
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    expect(bySeverity(built, 'error')).toEqual([]);
    expect(bySeverity(built, 'warning')).toEqual([]);
    const notes = bySeverity(built, 'note');
    expect(notes.map((d) => [d.file, d.line])).toEqual([[ENTITY, 7]]);
    expect(notes[0]!.message).toMatch(
      /^The VHDL entity CrossingCounter is instantiated from Verilog.*counts it as a black box.*: a limit of the check/,
    );
    expect(built.log).toContainEqual(expect.stringMatching(/^\$ ghdl --file-to-xml .*\.\/crossing-counter\.vhd$/));
    expect(built.log).toContainEqual(expect.stringMatching(/^\$ verilator --lint-only .* -v \.\.\/vhdl-entities\.v /));
    expect(artifact(built.outcome, 'resources.rpt')).toMatch(/crossingcounter\s+1/);
  });

  it("a vector of another width than the entity's generics give is a warning at the Verilog line, as Vivado warns", async () => {
    // COUNT_BITS is 24 at the instance: a 16-bit net on Crossings is narrower than the port.
    const built = await build((text, name) =>
      name === TOP
        ? text
            .replace('wire [23:0] crossings;', 'wire [15:0] crossings;')
            .replace("{8'd0, crossings}", "{16'd0, crossings}")
        : text,
    );
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    expect(bySeverity(built, 'warning').map((d) => [d.file, d.line, d.message])).toEqual([
      [TOP, 22, expect.stringMatching(/'Crossings' expects 24 bits .* generates 16 bits/)],
    ]);
  });

  it('a wrong port name at the instance fails at its Verilog line', async () => {
    const built = await build((text, name) => (name === TOP ? text.replace('.Level(', '.Threshold(') : text));
    expect(built.outcome.status).toBe('failed');
    expect(bySeverity(built, 'error').map((d) => [d.file, d.line, d.message])).toEqual([
      [TOP, 21, "Pin not found: 'Threshold' [PINNOTFOUND]"],
    ]);
    expect(built.outcome.status === 'failed' && built.outcome.error).toMatch(/\(mixed-top\.sv, line 21\)$/);
  });

  it("an error in the VHDL entity fails at the VHDL file's line", async () => {
    const built = await build((text, name) =>
      name === ENTITY ? text.replace('count <= count + 1;', 'count <= count + step;') : text,
    );
    expect(built.outcome.status).toBe('failed');
    expect(bySeverity(built, 'error').map((d) => [d.file, d.line, d.message])).toEqual([
      [ENTITY, 35, 'no declaration for "step"'],
    ]);
  });

  it("the other direction: a VHDL top's component that is the project's Verilog module is bound to it, no warning", async () => {
    const project = await Promise.all(
      ['vhdl-top.vhd', 'peak-hold.v'].map(async (name) => ({ name, content: await read(name) })),
    );
    const built = await startBuild(toolchainRunner(tmpRoot), 'vhdl-top', config, project).done;
    expect(built.outcome.status, built.log.join('\n')).toBe('succeeded');
    // GHDL alone finds the component unbound: that is no warning of the user's, Vivado binds it.
    expect(built.diagnostics).toEqual([]);
    expect(built.log).toContain("vhdl-top.vhd:18: note: component peak_hold is the project's Verilog module peak_hold");
    expect(artifact(built.outcome, 'resources.rpt')).toMatch(/peak_hold/);
  });

  it('the draft check of the Verilog agrees: the instance checked against the entity, a wrong port name an error, typed ports sized', async () => {
    const checker = new DraftChecker({
      platformDir: PLATFORM_DIR,
      ghdl: ghdl!,
      verilator: findVerilator(),
      sandbox: toolSandbox(),
      concurrency: 1,
      tmpRoot,
    });
    try {
      const check = async (edit?: (text: string, name: string) => string) => {
        const project = await files(edit);
        const draft = project.find((f) => f.name === TOP)!;
        return checker.check(
          { files: project, draft, target: 'CustomInstrument' },
          'ada',
          new AbortController().signal,
        );
      };
      const clean = await check();
      expect(clean.outcome).toBe('checked');
      expect(clean.diagnostics).toEqual([]);
      const wrong = await check((text, name) => (name === TOP ? text.replace('.Level(', '.Threshold(') : text));
      expect(wrong.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.file, d.line, d.message])).toEqual([
        [TOP, 21, "Pin not found: 'Threshold' [PINNOTFOUND]"],
      ]);
      // Ports typed by a package's subtype and by an integer range are sized as synthesis sizes them.
      const typed = async (edit: (text: string) => string = (text) => text) => {
        const project = await Promise.all(
          ['typed-top.sv', 'level-gate.vhd'].map(async (name) => ({ name, content: await read(name) })),
        );
        const draft = { ...project[0]!, content: edit(project[0]!.content) };
        return checker.check(
          { files: project, draft, target: 'CustomInstrument' },
          'ada',
          new AbortController().signal,
        );
      };
      expect((await typed()).diagnostics).toEqual([]);
      const wide = await typed((text) => text.replace('.gain(control[0][7:0])', '.gain(control[0][15:0])'));
      expect(wide.diagnostics.map((d) => [d.line, d.severity, d.message])).toEqual([
        [18, 'warning', expect.stringMatching(/'gain' expects 8 bits .* generates 16 bits/)],
      ]);
    } finally {
      checker.close();
    }
  });
});
