import type { SourceFile } from '../../src/mock/domain.js';

/**
 * The catalogue of hostile designs: HDL a visitor may build to hurt the gateway rather than to
 * check a design. Each entry says what it does and which test holds the gateway to it; a new
 * finding gets its design here, so the next review starts from the whole list.
 *
 * - reader (toolchain-isolation.test.ts): opens a file outside the build directory with std.textio.
 * - the 4 GiB array constant `hog` (toolchain-isolation.test.ts): GHDL allocates without end.
 * - a design that only says "out of memory" (toolchain-isolation.test.ts): no tool ran out.
 * - file names like options, with `"` or `;`, or the build's own (toolchain-isolation.test.ts).
 * - {@link lineFeedFlood} (output-flood.test.ts): ~2.5 M empty lines in a fraction of a second.
 * - {@link WIDE_NAME} (toolchain-api.test.ts): 100 characters but 292 bytes of UTF-8.
 */

/**
 * A CustomInstrument architecture (VHDL) whose outputs all come from one integer constant `c`,
 * which `declarations` define: what its elaboration does is the test.
 */
export function constantDesign(name: string, declarations: string): SourceFile {
  return {
    name,
    content: `library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture Design of CustomInstrument is
${declarations}
begin
    OutputA <= to_signed(c, 16);
    OutputB <= (others => '0');
    OutputC <= (others => '0');
    OutputD <= (others => '0');
end architecture;
`,
  } as SourceFile;
}

/**
 * A constant function that reports a 100,000-character string of line feeds 25 times: GHDL prints
 * ~2.5 M empty lines in under 0.2 s at synthesis time. The bytes are few (one per line), the lines
 * many: counted by bytes alone they cost the gateway a promise, an array slot and a store item each,
 * and once crashed a gateway on a 256 MB heap.
 */
export const lineFeedFlood = (name = 'flood.vhd'): SourceFile =>
  constantDesign(
    name,
    `    function flood return integer is
        constant feeds : string(1 to 100000) := (others => LF);
    begin
        for i in 1 to 25 loop
            report feeds severity note;
        end loop;
        return 0;
    end function;
    constant c : integer := flood;`,
  );

/** 96 × 中 + ".vhd": 100 characters, within the name limit, but 292 bytes: past a file system's 255. */
export const WIDE_NAME = `${'中'.repeat(96)}.vhd`;
