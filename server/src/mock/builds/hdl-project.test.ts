import { describe, expect, it } from 'vitest';
import { fileKind, findBodyOnlyTop, findTopLevel, topLevelProblem, unsafeFileNames } from './hdl-project.js';

describe('findTopLevel', () => {
  it('finds a VHDL architecture of the target, ignoring case and comments', () => {
    const files = [
      { name: 'helper.vhd', content: '-- architecture rtl of CustomInstrument is\nentity Helper is end;' },
      { name: 'top.vhd', content: 'library ieee;\n-- the top\nARCHITECTURE Rtl OF custominstrument IS\nbegin\nend;' },
    ];
    expect(findTopLevel(files, 'CustomInstrument')).toEqual({ language: 'vhdl', file: 'top.vhd', line: 3 });
  });

  it('finds a Verilog module of the target, not one in a comment', () => {
    expect(
      findTopLevel(
        [{ name: 'a.v', content: '/* module CustomInstrument */ module other; endmodule' }],
        'CustomInstrument',
      ),
    ).toBeNull();
    expect(
      findTopLevel(
        [{ name: 'a.sv', content: '/* a block\n comment */\nmodule CustomInstrument (input wire clk);\nendmodule' }],
        'CustomInstrument',
      ),
    ).toEqual({ language: 'verilog', file: 'a.sv', line: 3 });
  });
});

describe('findBodyOnlyTop', () => {
  const body = { name: 'body.sv', content: '// the body\nassign outputa = inputa;\n' };
  const helper = { name: 'helper.v', content: 'module Helper (input a, output b); assign b = a; endmodule' };

  it('takes the one Verilog file holding code but no module as the top, at line 1', () => {
    expect(findBodyOnlyTop([helper, body], 'CustomInstrument')).toEqual({
      language: 'verilog',
      file: 'body.sv',
      line: 1,
      bodyOnly: true,
    });
    expect(topLevelProblem([helper, body], 'CustomInstrument')).toBeNull();
  });

  it('never when a file declares the top, nor for an empty file, a file of definitions others include, or a module in a comment', () => {
    const top = { name: 'top.v', content: 'module CustomInstrument (input wire clk);\nendmodule' };
    expect(findBodyOnlyTop([body, top], 'CustomInstrument')).toBeNull();
    expect(findBodyOnlyTop([{ name: 'empty.v', content: '// nothing yet\n' }], 'CustomInstrument')).toBeNull();
    const definitions = { name: 'defs.v', content: 'localparam WIDTH = 16;' };
    const user = { name: 'user.sv', content: '`include "defs.v"\nassign outputa = inputa;' };
    expect(findBodyOnlyTop([definitions, user], 'CustomInstrument')?.file).toBe('user.sv');
    const commented = { name: 'c.v', content: '/* module Old; */ assign outputa = inputa;' };
    expect(findBodyOnlyTop([commented], 'CustomInstrument')?.file).toBe('c.v');
  });

  it('refuses several body-only files, naming them', () => {
    const other = { name: 'other.v', content: 'wire x = 1;' };
    expect(findBodyOnlyTop([body, other], 'CustomInstrument')).toBeNull();
    expect(topLevelProblem([body, other], 'CustomInstrument')).toBe(
      'Several Verilog files hold no module (body.sv, other.v): only one can be the body of the CustomInstrument module the platform declares. Declare `module CustomInstrument` in the top file, or `include the others from it.',
    );
  });
});

describe('topLevelProblem', () => {
  it('refuses a project without HDL, and one without the target’s top level, saying what to add', () => {
    expect(topLevelProblem([], 'CustomInstrument')).toMatch(
      /^Nothing to build: the project has no VHDL or Verilog file/,
    );
    expect(topLevelProblem([{ name: 'timing.xdc', content: '' }], 'CustomInstrument')).toMatch(/^Nothing to build/);
    expect(
      topLevelProblem(
        [{ name: 'x.vhd', content: 'architecture a of CustomWrapper is begin end;' }],
        'CustomInstrument',
      ),
    ).toBe(
      'No top-level design: no file holds an `architecture … of CustomInstrument` (VHDL) or a `module CustomInstrument` (Verilog), the CustomInstrument slot interface of this configuration.',
    );
    expect(
      topLevelProblem([{ name: 'x.vhd', content: 'architecture a of CustomWrapper is begin end;' }], 'CustomWrapper'),
    ).toBeNull();
  });

  it('classifies files by extension', () => {
    expect(['f.vho', 'f.VEO'].map(fileKind)).toEqual(['ip-template', 'ip-template']);
    expect(['a.vhd', 'a.VHDL', 'b.v', 'b.sv', 'c.xdc', 'd.xci', 'e.txt'].map(fileKind)).toEqual([
      'vhdl',
      'vhdl',
      'verilog',
      'verilog',
      'constraints',
      'ip',
      'other',
    ]);
  });
});

describe('unsafeFileNames', () => {
  it("refuses HDL names the tools cannot take and the names of the build's own files, one sentence each", () => {
    expect(unsafeFileNames(['top.vhd', 'my file.v', '-x.vhd', 'notes "a";b.txt'])).toEqual([]);
    expect(unsafeFileNames(['a".v', 'b;c.vhd', 'd\\e.sv', 'netlist.json'])).toEqual([
      'the file name "a\\".v" holds a character the tools cannot take (" ; or \\): rename the file',
      'the file name "b;c.vhd" holds a character the tools cannot take (" ; or \\): rename the file',
      'the file name "d\\\\e.sv" holds a character the tools cannot take (" ; or \\): rename the file',
      'the file name "netlist.json" is reserved for the build\'s own files: rename the file',
    ]);
  });

  it('refuses Verilog names Yosys would read as a pattern (it expands them even in quotes)', () => {
    expect(unsafeFileNames(['*.v', 'a?.sv', 'b[1].v', 'c*.vhd', 'd[0].coe'])).toEqual([
      'the file name "*.v" holds a character Yosys reads as a pattern of names (* ? or [): rename the file',
      'the file name "a?.sv" holds a character Yosys reads as a pattern of names (* ? or [): rename the file',
      'the file name "b[1].v" holds a character Yosys reads as a pattern of names (* ? or [): rename the file',
    ]);
  });
});
