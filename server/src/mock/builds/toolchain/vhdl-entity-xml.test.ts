import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findGhdl, GHDL_MISSING } from '../select-runner.js';
import { entitiesFromGhdlXml } from './vhdl-entity-xml.js';

// The entities read from real GHDL XML (`ghdl --file-to-xml` of our own small designs, analysed as a
// build analyses them): the odd cases of a port's type, each as the Verilog side must see it.

const ghdl = findGhdl();
const dir = mkdtempSync(path.join(os.tmpdir(), 'entity-xml-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Analyses the files in order and reads the entities of the last one from GHDL's XML of it. */
function entities(files: { name: string; content: string }[]) {
  if (!ghdl) throw new Error(GHDL_MISSING);
  const work = mkdtempSync(path.join(dir, 'work-'));
  const run = (args: string[]) =>
    execFileSync(ghdl.path, [...args.slice(0, 1), '--std=08', '--workdir=.', ...args.slice(1)], {
      cwd: work,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  for (const file of files) writeFileSync(path.join(work, file.name), file.content);
  run(['-a', ...files.map((f) => `./${f.name}`)]);
  const last = files.at(-1)!;
  return entitiesFromGhdlXml(run(['--file-to-xml', `./${last.name}`]), last.name, last.content);
}

const IEEE = 'library ieee;\nuse ieee.std_logic_1164.all;\nuse ieee.numeric_std.all;\n';

describe('entities from GHDL XML', () => {
  it('ranges over generics, to and downto, signed and unsigned, names shared by one declaration', () => {
    const content = `${IEEE}
entity Odd_Ranges is
  generic (
    WIDTH : positive := 12;
    Depth : natural := 2 ** 4;
    ENABLED : boolean := true;
    PATTERN : std_logic_vector(3 downto 0) := "1010";
    TITLE : string := "peak"
  );
  port (
    clk, Rst : in std_logic;
    a, b : in signed(WIDTH - 1 downto 0);
    ascending : in unsigned(0 to Depth - 1);
    scaled : out std_logic_vector((WIDTH * 2) - 1 downto -(-1) - 1);
    flag : buffer bit;
    bus_io : inout std_ulogic_vector(7 downto 0)
  );
end entity;
architecture rtl of odd_ranges is
begin
end architecture;
`;
    const [entity] = entities([{ name: 'odd-ranges.vhd', content }]);
    expect(entity).toMatchObject({ name: 'Odd_Ranges', file: 'odd-ranges.vhd', line: 5 });
    expect(entity!.generics).toEqual([
      { name: 'WIDTH', value: '12' },
      // GHDL folds what is static: 2 ** 4 is 16 in its tree.
      { name: 'Depth', value: '16' },
      { name: 'ENABLED', value: '1' },
      { name: 'PATTERN', value: "4'b1010" },
      { name: 'TITLE', value: '"peak"' },
    ]);
    expect(entity!.ports).toEqual([
      { name: 'clk', direction: 'input', signed: false, range: null },
      { name: 'Rst', direction: 'input', signed: false, range: null },
      { name: 'a', direction: 'input', signed: true, range: { left: '(WIDTH - 1)', right: '0' } },
      { name: 'b', direction: 'input', signed: true, range: { left: '(WIDTH - 1)', right: '0' } },
      { name: 'ascending', direction: 'input', signed: false, range: { left: '0', right: '(Depth - 1)' } },
      // A bound GHDL could fold is its value; one over a generic keeps the form the VHDL gives it.
      { name: 'scaled', direction: 'output', signed: false, range: { left: '((WIDTH * 2) - 1)', right: '0' } },
      { name: 'flag', direction: 'output', signed: false, range: null },
      { name: 'bus_io', direction: 'inout', signed: false, range: { left: '7', right: '0' } },
    ]);
  });

  it("integer ranges sized as synthesis sizes them, a package's subtypes from another file, an unsized type", () => {
    const types = `${IEEE}
package sample_types is
  subtype sample_t is signed(15 downto 0);
  subtype index_t is unsigned(0 to 5);
  type state_t is (idle, run);
end package;
`;
    const content = `${IEEE}use work.sample_types.all;

entity Typed is
  generic (LIMIT : integer := -3);
  port (
    sample : in sample_t;
    index : out index_t;
    gain : in natural range 0 to 255;
    offset : in integer range -8 to 7;
    count : out integer;
    level : in natural range 0 to LIMIT + 10;
    state : out state_t
  );
end entity;
architecture rtl of typed is
begin
end architecture;
`;
    const [entity] = entities([
      { name: 'types.vhd', content: types },
      { name: 'typed.vhd', content },
    ]);
    expect(entity!.generics).toEqual([{ name: 'LIMIT', value: '-3' }]);
    expect(entity!.ports).toEqual([
      { name: 'sample', direction: 'input', signed: true, range: { left: '15', right: '0' } },
      { name: 'index', direction: 'output', signed: false, range: { left: '0', right: '5' } },
      { name: 'gain', direction: 'input', signed: false, range: { left: '7', right: '0' } },
      { name: 'offset', direction: 'input', signed: true, range: { left: '3', right: '0' } },
      // Vivado connects an integer port as 32 bits.
      { name: 'count', direction: 'output', signed: true, range: { left: '31', right: '0' } },
      // A range over a generic is not sized here; neither is an enumeration.
      { name: 'level', direction: 'input', signed: false, range: 'unknown' },
      { name: 'state', direction: 'output', signed: false, range: 'unknown' },
    ]);
  });

  it("only the file's own entities, several of them; another file's entity in the same XML is left out", () => {
    const other = `${IEEE}entity helper is port (x : in std_logic); end entity;\n`;
    const content = `${IEEE}
entity First is port (a : in std_logic_vector(1 downto 0)); end entity;
architecture rtl of first is
begin
  u : entity work.helper port map (x => a(0));
end architecture;

library ieee;
use ieee.std_logic_1164.all;
entity Second is port (b : out std_logic); end entity;
`;
    const read = entities([
      { name: 'helper.vhd', content: other },
      { name: 'two.vhd', content },
    ]);
    expect(read.map((e) => [e.name, e.line, e.ports.map((p) => p.name)])).toEqual([
      ['First', 5, ['a']],
      ['Second', 13, ['b']],
    ]);
  });
});
