import { describe, expect, it } from 'vitest';
import { dependencyOrder } from './vhdl-order.js';

const file = (name: string, content: string) => ({ name, content });

describe('dependencyOrder', () => {
  it('puts each file after the files declaring the units it uses, whatever the upload order', () => {
    const files = [
      file(
        'top.vhd',
        'use work.Types.all;\narchitecture rtl of CustomInstrument is begin\n  u: entity work.Filter port map (x);\nend;',
      ),
      file('filter-body.vhd', 'architecture rtl of Filter is begin end;'),
      file('filter.vhd', 'library ieee;\nuse work.types.all;\nentity Filter is port (x : in T); end;'),
      file('types-body.vhd', 'package body Types is end;'),
      file('types.vhd', '-- uses work.Filter in a comment only\npackage Types is subtype T is integer; end;'),
    ];
    // An architecture or package body may follow the units that use its entity or package.
    expect(dependencyOrder(files)).toEqual(['types.vhd', 'filter.vhd', 'top.vhd', 'filter-body.vhd', 'types-body.vhd']);
  });

  it('follows components named like a project entity, and keeps the upload order of a cycle and of strangers', () => {
    const files = [
      file('a.vhd', 'architecture rtl of Top is begin u : Helper port map (x); end;'),
      file('b.vhd', 'use work.C.all; package B is end;'),
      file('c.vhd', 'use work.B.all; package C is end;'),
      file('helper.vhd', 'entity Helper is end; architecture r of Helper is begin end;'),
    ];
    expect(dependencyOrder(files)).toEqual(['helper.vhd', 'a.vhd', 'c.vhd', 'b.vhd']);
  });
});
