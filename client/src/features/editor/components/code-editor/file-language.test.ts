import { describe, expect, it } from 'vitest';
import { fileLanguage } from './file-language';

describe('fileLanguage', () => {
  it.each([
    ['adder.vhd', 'vhdl'],
    ['Top.VHDL', 'vhdl'],
    ['counter.v', 'verilog'],
    ['fifo.sv', 'verilog'],
    ['pins.xdc', 'tcl'],
    ['clock.xci', 'json'],
    ['coeffs.coe', 'text'],
    ['Makefile', 'text'],
  ])('%s is %s', (name, language) => {
    expect(fileLanguage(name)).toBe(language);
  });
});
