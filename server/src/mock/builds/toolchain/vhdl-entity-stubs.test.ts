import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.js';
import { entityInstanceRewrite } from './vhdl-entity-stubs.js';

// Verilator's words at an instance of a VHDL entity it has no module for, as the user should read them.

const at = (line: number, message: string): Diagnostic => ({
  file: 'top.sv',
  line,
  column: 3,
  severity: 'error',
  message,
  origin: 'user',
});
const missing = (line: number, name: string) => at(line, `Cannot find file containing module: '${name}'`);
const hint = (line: number) => at(line, "This may be because there's no search path specified with -I<dir>.");

describe('entityInstanceRewrite', () => {
  const rewrite = () =>
    entityInstanceRewrite([{ name: 'RomTable', file: 'rom.vhd', why: 'its description is too large' }], ['broken']);

  it("an undescribed entity's missing module is a platform note saying why; the hint and a repeat are log lines", () => {
    const restate = rewrite();
    expect(restate(missing(15, 'romtable'))).toEqual({
      file: 'top.sv',
      line: 15,
      column: null,
      severity: 'note',
      message:
        'The VHDL entity RomTable (rom.vhd) could not be described to Verilator because its description is too large, ' +
        'so this instance of it was not checked (GHDL checked its VHDL): a limit of the check, not an error in your design',
      origin: 'user',
    });
    const line = 'INFO: top.sv:15: Verilator has no module for the entity RomTable (the note above says why)';
    expect(restate(hint(15))).toBe(line);
    expect(restate(missing(15, 'RomTable'))).toBe(line);
  });

  it("a dropped entity's missing module and its hint are left out; anything else stays the user's", () => {
    const restate = rewrite();
    expect(restate(missing(9, 'Broken'))).toBeNull();
    expect(restate(hint(9))).toBeNull();
    expect(restate(missing(4, 'typo_module'))).toEqual(missing(4, 'typo_module'));
    expect(restate(hint(4))).toEqual(hint(4));
  });
});
