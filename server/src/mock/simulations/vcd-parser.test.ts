import { describe, expect, it } from 'vitest';
import type { SignalInfo } from './simulation-types.js';
import { VcdParser } from './vcd-parser.js';

/** Parses `text` written in pieces of `piece` characters; the header and every change. */
function parse(text: string, piece = text.length) {
  let signals: SignalInfo[] = [];
  const changes: [string, number, string][] = [];
  const parser = new VcdParser({
    header: (declared) => (signals = declared),
    change: (signal, time, value) => changes.push([signals[signal]!.path, time, value]),
  });
  for (let start = 0; start < text.length; start += piece) parser.write(text.slice(start, start + piece));
  parser.end();
  return { signals, changes, end: parser.endTime };
}

const GHDL_STYLE = `$date
  today
$end
$timescale
  1 fs
$end
$scope module tb $end
$var reg 1 ! clk $end
$var reg 16 " outputa[15:0] $end
$comment control is not handled $end
$scope module dut $end
$var reg 1 # clk $end
$upscope $end
$upscope $end
$enddefinitions $end
#0
0!
b0000000000000000 "
0#
#1600000
1!
1#
b0000001111101000 "
#3200000
0!
0#
`;

describe('VcdParser', () => {
  it('reads scopes, widths and names (a whole-width range left out), and times in ps from fs exactly', () => {
    const { signals, changes, end } = parse(GHDL_STYLE);
    expect(signals.map((s) => [s.path, s.scope, s.name, s.width, s.type])).toEqual([
      ['tb.clk', 'tb', 'clk', 1, 'reg'],
      ['tb.outputa', 'tb', 'outputa', 16, 'reg'],
      ['tb.dut.clk', 'tb.dut', 'clk', 1, 'reg'],
    ]);
    expect(changes).toContainEqual(['tb.outputa', 1600, '0000001111101000']);
    expect(changes.filter(([path]) => path === 'tb.clk')).toEqual([
      ['tb.clk', 0, '0'],
      ['tb.clk', 1600, '1'],
      ['tb.clk', 3200, '0'],
    ]);
    expect(end).toBe(3200);
  });

  it('gives the same answer whatever the pieces the dump comes in (split mid-word and mid-line)', () => {
    const whole = parse(GHDL_STYLE);
    for (const piece of [1, 2, 7, 64]) expect(parse(GHDL_STYLE, piece)).toEqual(whole);
  });

  it("reads Icarus's style: a range as its own word, codes shared by several variables, reals, $dumpvars, x and z", () => {
    const icarus = `$timescale 1ns $end
$scope module tb $end
$var wire 8 % bus [7:0] $end
$var wire 1 & bit [3] $end
$var real 64 ' level $end
$scope module dut $end
$var wire 8 % bus [7:0] $end
$upscope $end
$upscope $end
$enddefinitions $end
#0
$dumpvars
bx %
z&
r0.5 '
$end
#10
b1010 %
R-1.25e-3 '
`;
    const { signals, changes } = parse(icarus);
    expect(signals.map((s) => s.path)).toEqual(['tb.bus', 'tb.bit[3]', 'tb.level', 'tb.dut.bus']);
    expect(signals[2]!.type).toBe('real');
    expect(changes).toEqual([
      ['tb.bus', 0, 'x'],
      ['tb.dut.bus', 0, 'x'],
      ['tb.bit[3]', 0, 'z'],
      ['tb.level', 0, '0.5'],
      ['tb.bus', 10_000, '1010'],
      ['tb.dut.bus', 10_000, '1010'],
      ['tb.level', 10_000, '-1.25e-3'],
    ]);
  });
});
