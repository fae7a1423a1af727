/// <reference types="node" />
// (A test, run in Node: it reads the platform's files; the package itself uses no Node.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileNameProblem, newFileTemplate } from './file-templates.js';

// The platform's declarations, which a user's Verilog must start with exactly (fixtures/README.md).
const platformVerilog = (file: string) =>
  readFileSync(new URL(`../../../fixtures/platform/verilog/${file}`, import.meta.url), 'utf8');
const instrumentDeclaration = platformVerilog('custom-instrument.v');
const wrapperDeclaration = platformVerilog('custom-wrapper.v');
const interlacedDeclaration = platformVerilog('custom-instrument-interlaced.v');

describe('newFileTemplate', () => {
  it('starts a *_tb file with a testbench of the slot design (run for real in server/test/simulations/simulation-templates.test.ts)', () => {
    expect(newFileTemplate('adder_tb.vhd')).toContain('entity adder_tb is');
    expect(newFileTemplate('adder_tb.vhd')).toContain('dut: entity work.CustomInstrument');
    expect(newFileTemplate('adder_tb.sv', 'CustomWrapper')).toContain('CustomWrapper dut (');
    expect(newFileTemplate('adder.vhd')).not.toContain('entity adder');
  });

  it('starts a VHDL file with an architecture of the CustomInstrument entity', () => {
    const text = newFileTemplate('top.vhd');
    expect(text).toContain('architecture Behavioural of CustomInstrument is');
    expect(text).toContain('Control(0)');
  });

  it('uses the legacy CustomWrapper entity and its separate control registers when targeted', () => {
    const text = newFileTemplate('top.vhd', 'CustomWrapper');
    expect(text).toContain('architecture Behavioural of CustomWrapper is');
    expect(text).toContain('Control0');
    expect(text).not.toContain('Control(0)');
  });

  it("starts a Verilog file with exactly the platform's generated declaration, then a body", () => {
    const header = (declaration: string) => declaration.slice(0, declaration.indexOf(');') + 2);
    const current = newFileTemplate('top.v');
    expect(current.startsWith(header(instrumentDeclaration))).toBe(true);
    expect(current).toContain('control[0]');
    const legacy = newFileTemplate('top.v', 'CustomWrapper');
    expect(legacy.startsWith(header(wrapperDeclaration))).toBe(true);
    expect(legacy).toContain('control0 != ');
    expect(current.trimEnd().endsWith('endmodule')).toBe(true);
  });

  it('gives the interlaced target its own entity, module header and sample arrays', () => {
    const vhdl = newFileTemplate('top.vhd', 'CustomInstrumentInterlaced');
    expect(vhdl).toContain('architecture Behavioural of CustomInstrumentInterlaced is');
    expect(vhdl).toContain('InputA(lane)');
    const header = interlacedDeclaration.slice(0, interlacedDeclaration.indexOf(');') + 2);
    const verilog = newFileTemplate('top.v', 'CustomInstrumentInterlaced');
    expect(verilog.startsWith(header)).toBe(true);
    expect(verilog).toContain('inputa[lane]');
    expect(verilog.trimEnd().endsWith('endmodule')).toBe(true);
  });

  it('gives constraints a commented start and other files nothing', () => {
    expect(newFileTemplate('pins.xdc')).toMatch(/^# /);
    expect(newFileTemplate('rom.coe')).toBe('');
  });
});

describe('fileNameProblem', () => {
  it('accepts the upload extensions', () => {
    for (const name of ['a.vhd', 'a.vhdl', 'b.v', 'c.sv', 'd.xdc', 'e.xci', 'f.coe', 'fft.vho', 'fft.veo'])
      expect(fileNameProblem(name)).toBeNull();
  });

  it.each([
    ['', 'Enter a file name.'],
    ['notes.txt', 'Use one of these extensions'],
    ['../x.vhd', 'cannot contain'],
    ['.hidden.vhd', 'start with a dot'],
    ['a'.repeat(101) + '.vhd', 'at most 100'],
  ])('rejects %j', (name, message) => {
    expect(fileNameProblem(name)).toContain(message);
  });

  it('rejects a name that exists already, ignoring case', () => {
    expect(fileNameProblem('Adder.VHD', ['adder.vhd'])).toBe('A file called Adder.VHD already exists.');
  });
});
