import { describe, expect, it } from 'vitest';
import { checkConstraints, reportLines, resourceCounts, yosysScript } from './toolchain-steps.js';

describe('reportLines', () => {
  it("turns Yosys's module headings into lines no log viewer takes for a stage", () => {
    expect(reportLines('\n=== CustomInstrument ===\n\n   Number of cells: 12\n=== design hierarchy ===\n')).toEqual([
      '--- CustomInstrument ---',
      '   Number of cells: 12',
      '--- design hierarchy ---',
    ]);
  });
});

describe('yosysScript', () => {
  it("reads the project's Verilog, then synthesizes with the target as top", () => {
    expect(yosysScript({ target: 'CustomInstrument', verilog: ['top.v', 'my file.v'], vhdlNetlist: null })).toBe(
      'read_verilog -sv "./top.v" "./my file.v"; ' +
        'synth -top CustomInstrument; tee -q -o resources.rpt stat; write_json netlist.json',
    );
  });

  it('passes a name starting with - as ./name (never an option), and refuses a name that would end the quotes or the command', () => {
    expect(yosysScript({ target: 'T', verilog: ['-x.v'], vhdlNetlist: null })).toContain('read_verilog -sv "./-x.v";');
    for (const name of ['a".v', 'a;b.v', 'a\\b.v']) {
      expect(() => yosysScript({ target: 'T', verilog: [name], vhdlNetlist: null })).toThrow(/unsafe file name/);
    }
  });
});

describe('resourceCounts', () => {
  it('takes the design hierarchy total when there is one', () => {
    const report =
      '=== top ===\n   Number of wires: 3\n   Number of cells: 5\n=== design hierarchy ===\n   Number of wires: 10\n   Number of cells: 42\n';
    expect(resourceCounts(report)).toEqual({ cells: 42, wires: 10 });
  });
});

describe('checkConstraints', () => {
  it('warns about lines that are not constraint commands, skipping comments and continuations', () => {
    const content =
      '# comment\nset_false_path -from \\\n  [get_cells x]\ncreate_clock -period 10 [get_ports clk]\nbogus_command 1\n';
    expect(checkConstraints({ name: 't.xdc', content })).toEqual([
      {
        file: 't.xdc',
        line: 5,
        column: 1,
        severity: 'warning',
        message: 'unknown constraint command "bogus_command"',
        origin: 'user',
      },
    ]);
  });
});
