import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.js';
import { bodyHeader, WrappedBody } from './verilog-body.js';

const at = (line: number, column: number | null): Diagnostic => ({
  file: 'body.sv',
  line,
  column,
  severity: 'error',
  message: 'x',
  origin: 'user',
});

describe('the header a body-only file is wrapped in', () => {
  it('declares the current form with unpacked registers for Verilator and packed ones for Yosys', () => {
    const verilator = bodyHeader('CustomInstrument', 'verilator', '')!;
    expect(verilator).toMatch(
      /^module CustomInstrument \(input wire clk, input wire reset, input wire \[31:0\] sync, /,
    );
    expect(verilator).toContain('output wire outputinterpd, ');
    expect(verilator).toMatch(/input wire \[31:0\] control \[0:15\], output wire \[31:0\] status \[0:15\]\); $/);
    expect(bodyHeader('CustomInstrument', 'yosys', '')).toMatch(
      /input wire \[0:15\]\[31:0\] control, output wire \[0:15\]\[31:0\] status\); $/,
    );
    expect(bodyHeader('CustomInstrumentInterlaced', 'verilator', '')).toContain(
      'input wire signed [15:0] inputa [0:input_interlacing_factor-1]',
    );
    expect(bodyHeader('Other', 'verilator', '')).toBeNull();
  });

  it("takes the CustomWrapper names in the case the body uses (the vendor's Clk, InputA, Control0, or lower case)", () => {
    const vendor = bodyHeader('CustomWrapper', 'yosys', 'assign OutputA = InputA; // control0')!;
    expect(vendor).toContain(
      'input wire Clk, input wire Reset, input wire [31:0] Sync, input wire signed [15:0] InputA',
    );
    expect(vendor).toContain('input wire ExtTrig, output wire signed [15:0] OutputA');
    expect(vendor).toContain('output wire OutputInterpA, ');
    expect(vendor).toMatch(/input wire \[31:0\] Control15\); $/);
    const lower = bodyHeader('CustomWrapper', 'yosys', 'assign outputa = inputa; // InputA')!;
    expect(lower).toContain('input wire clk, ');
    expect(lower).toMatch(/input wire \[31:0\] control15\); $/);
  });
});

describe('WrappedBody', () => {
  const file = { name: 'body.sv', content: 'assign outputa = x;\nassign outputb = y;' };
  const wrapped = new WrappedBody(file, 'CustomInstrument');
  const header = bodyHeader('CustomInstrument', 'verilator', file.content)!;

  it('keeps every line of the file at its number', () => {
    const text = wrapped.text('verilator')!.split('\n');
    expect(text[0]).toBe(`${header}assign outputa = x;`);
    expect(text[1]).toBe('assign outputb = y;');
    expect(text[2]).toBe('endmodule');
  });

  it("places findings in the user's file: line 1's column less the header, the added endmodule on the last line", () => {
    expect(wrapped.place(at(1, header.length + 18))).toEqual(at(1, 18));
    expect(wrapped.place(at(1, 5))).toEqual(at(1, null));
    expect(wrapped.place(at(2, 8))).toEqual(at(2, 8));
    expect(wrapped.place(at(3, 1))).toEqual(at(2, null));
    expect(wrapped.place({ ...at(1, 40), file: 'other.sv' })).toEqual({ ...at(1, 40), file: 'other.sv' });
  });
});
