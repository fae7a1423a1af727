import { describe, expect, it } from 'vitest';
import { portProblems, portsFromVerilatorXml, type Port } from './verilog-ports.js';

// The shape of Verilator 5.006's --xml-only output (abridged from a real run).
const XML = `<verilator_xml>
  <netlist>
    <module loc="c,1,8,1,24" name="CustomInstrument" origName="CustomInstrument">
      <var loc="c,2,16,2,19" name="clk" dtype_id="1" dir="input" pinIndex="1" vartype="logic" origName="clk"/>
      <var loc="c,4,30,4,36" name="inputa" dtype_id="3" dir="input" pinIndex="4" vartype="logic" origName="inputa"/>
      <var loc="c,7,17,7,30" name="outputinterpa" dtype_id="1" dir="output" pinIndex="13" vartype="logic" origName="outputinterpa">
        <const loc="c,15,54,15,55" name="1&apos;h0" dtype_id="1"/>
      </var>
      <var loc="c,8,23,8,30" name="control" dtype_id="4" dir="input" pinIndex="17" vartype="unknown" origName="control"/>
      <var loc="c,11,21,11,24" name="acc" dtype_id="3" vartype="logic" origName="acc"/>
    </module>
    <typetable loc="a,0,0,0,0">
      <basicdtype loc="c,16,36,16,37" id="1" name="logic"/>
      <basicdtype loc="c,3,16,3,17" id="2" name="logic" left="31" right="0"/>
      <basicdtype loc="c,4,23,4,24" id="3" name="logic" left="15" right="0" signed="true"/>
      <unpackarraydtype loc="c,8,31,8,32" id="4" sub_dtype_id="2">
        <range loc="c,8,31,8,32">
          <const loc="c,8,32,8,33" name="32&apos;sh0" dtype_id="6"/>
          <const loc="c,8,34,8,36" name="32&apos;shf" dtype_id="6"/>
        </range>
      </unpackarraydtype>
    </typetable>
  </netlist>
</verilator_xml>`;

const port = (name: string, direction: string, bits: number, line = 1): Port => ({ name, direction, bits, line });

describe('portsFromVerilatorXml', () => {
  it('reads the ports (not the other signals) with their total bits and declaration lines', () => {
    expect(portsFromVerilatorXml(XML, 'CustomInstrument')).toEqual([
      port('clk', 'input', 1, 2),
      port('inputa', 'input', 16, 4),
      port('outputinterpa', 'output', 1, 7),
      port('control', 'input', 512, 8),
    ]);
    expect(portsFromVerilatorXml(XML, 'Other')).toEqual([]);
  });
});

describe('portProblems', () => {
  const platform = [port('clk', 'input', 1), port('inputa', 'input', 16), port('control', 'input', 512)];
  it('accepts the older form (other case) and the optional interpolation outputs', () => {
    const user = [
      port('Clk', 'input', 1),
      port('InputA', 'input', 16),
      port('Control', 'input', 512),
      port('OutputInterpA', 'output', 1),
    ];
    expect(portProblems(platform, user, 'CustomWrapper')).toEqual([]);
  });

  it('names a missing port (no line), a different one and an extra one (at their lines)', () => {
    const user = [port('clk', 'input', 1), port('inputa', 'output', 16, 5), port('extra', 'input', 1, 9)];
    expect(portProblems(platform, user, 'CustomInstrument')).toEqual([
      { message: "port inputa is output of 16 bits; the platform's CustomInstrument has input of 16 bits", line: 5 },
      { message: "module CustomInstrument lacks the platform's port control (input, 512 bits)", line: null },
      { message: "port extra is not a port of the platform's CustomInstrument", line: 9 },
    ]);
  });
});
