import { describe, expect, it } from 'vitest';
import { checkConstraints, comparePorts, resourceCounts, yosysScript } from './toolchain-steps.js';

describe('yosysScript', () => {
  it('checks a Verilog top against the header, then synthesizes with the target as top', () => {
    expect(
      yosysScript({
        target: 'CustomInstrument',
        verilog: ['top.v', 'my file.v'],
        vhdlNetlist: null,
        header: 'h.v',
        checkPorts: true,
      }),
    ).toBe(
      'read_verilog -sv "./h.v"; write_json platform-header.json; design -reset; read_verilog -sv "./top.v" "./my file.v"; ' +
        'synth -top CustomInstrument; tee -q -o resources.rpt stat; write_json netlist.json',
    );
  });

  it('passes a name starting with - as ./name (never an option), and refuses a name that would end the quotes or the command', () => {
    expect(
      yosysScript({ target: 'T', verilog: ['-x.v'], vhdlNetlist: null, header: 'h.v', checkPorts: false }),
    ).toContain('read_verilog -sv "./-x.v";');
    for (const name of ['a".v', 'a;b.v', 'a\\b.v']) {
      expect(() =>
        yosysScript({ target: 'T', verilog: [name], vhdlNetlist: null, header: 'h.v', checkPorts: false }),
      ).toThrow(/unsafe file name/);
    }
  });
});

describe('comparePorts', () => {
  const ports = (entries: Record<string, [string, number]>) => ({
    modules: {
      CustomInstrument: {
        ports: Object.fromEntries(
          Object.entries(entries).map(([n, [direction, w]]) => [n, { direction, bits: Array(w).fill(0) }]),
        ),
      },
    },
  });
  it('names missing, extra and different ports', () => {
    expect(
      comparePorts(
        ports({ clk: ['input', 1], outputa: ['output', 16] }),
        ports({ clk: ['input', 1], outputa: ['output', 16] }),
        'CustomInstrument',
      ),
    ).toEqual([]);
    expect(
      comparePorts(
        ports({ clk: ['input', 1], outputa: ['output', 16] }),
        ports({ outputa: ['output', 8], extra: ['input', 1] }),
        'CustomInstrument',
      ),
    ).toEqual([
      "module CustomInstrument lacks the platform's port clk (input [0:0])",
      "port outputa is output of 8 bits; the platform's CustomInstrument has output of 16 bits",
      "port extra is not a port of the platform's CustomInstrument",
    ]);
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
