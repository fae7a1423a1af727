import type { SourceFile } from '../../domain.js';
import type { Diagnostic } from '../diagnostics.js';

/**
 * A body-only Verilog/SystemVerilog top (hdl-project.ts, findBodyOnlyTop): the user's file holds the
 * module's body only, and the platform supplies the module header of the project's target interface,
 * as the vendor declares it (platform-interface.md). The tools read the user's file with that header
 * prefixed on its first line and `endmodule` after its last, so every line keeps its number: a tool's
 * finding is at the user's file and line, never in a file the user cannot open; only a column on line 1
 * moves, and `place` moves it back.
 */

/**
 * Who reads the wrapped body. Verilator gets the vendor's header (`control`/`status` and the interlaced
 * samples as unpacked arrays), and so is the judge of the body as the vendor's toolchain reads it; Yosys
 * cannot read unpacked array ports, so the estimate reads them packed, indexed the same way
 * (`control[0][15:0]` is the same bits in both).
 */
export type BodyReader = 'verilator' | 'yosys';

const SIDES = ['a', 'b', 'c', 'd'] as const;
/** The interlaced target's samples per clock come from these parameters (Verilator's -G sets them). */
const FACTORS = '#(parameter input_interlacing_factor = 4, parameter output_interlacing_factor = 4) ';

/**
 * The older CustomWrapper form as the vendor writes it (`Clk`, `InputA`, `Control0`); our own template
 * (fixtures/platform/verilog/custom-wrapper.v) writes the same ports in lower case. Verilog names are
 * case-sensitive, so the header takes the case the body uses.
 */
const VENDOR_CASE_NAMES = /\b(?:Clk|Reset|Sync|Input[A-D]|ExtTrig|Output[A-D]|OutputInterp[A-D]|Control\d{1,2})\b/;

const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** A port's name as the vendor's CustomWrapper writes it: `Clk`, `InputA`, `OutputInterpA`, `ExtTrig`, `Control0`. */
function vendorName(lower: string): string {
  const side = /^(input|output|outputinterp)([a-d])$/.exec(lower);
  if (side) return `${side[1] === 'outputinterp' ? 'OutputInterp' : capitalise(side[1]!)}${side[2]!.toUpperCase()}`;
  return lower === 'exttrig' ? 'ExtTrig' : capitalise(lower);
}
const capitalise = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** The header's port declarations, or null when the platform has no Verilog interface of that name. */
function ports(target: string, reader: BodyReader, vendorCase: boolean): string[] | null {
  const unpacked = reader === 'verilator';
  const name = vendorCase ? vendorName : (lower: string) => lower;
  const head = [`input wire ${name('clk')}`, `input wire ${name('reset')}`, `input wire [31:0] ${name('sync')}`];
  const exttrig = `input wire ${name('exttrig')}`;
  /** inputa..d or outputa..d: one 16-bit sample each, or the interlaced target's samples per clock. */
  const samples = (direction: 'input' | 'output', interlaced = false) =>
    SIDES.map((side) => {
      const port = name(`${direction}${side}`);
      const range = `[0:${direction}_interlacing_factor-1]`;
      if (!interlaced) return `${direction} wire signed [15:0] ${port}`;
      return unpacked ? `${direction} wire signed [15:0] ${port} ${range}` : `${direction} wire ${range}[15:0] ${port}`;
    });
  const interp = SIDES.map((side) => `output wire ${name(`outputinterp${side}`)}`);
  const registers = unpacked
    ? ['input wire [31:0] control [0:15]', 'output wire [31:0] status [0:15]']
    : ['input wire [0:15][31:0] control', 'output wire [0:15][31:0] status'];
  switch (target) {
    case 'CustomInstrument':
      return [...head, ...samples('input'), exttrig, ...samples('output'), ...interp, ...registers];
    case 'CustomWrapper': {
      const controls = Array.from({ length: 16 }, (_, i) => `input wire [31:0] ${name(`control${i}`)}`);
      return [...head, ...samples('input'), exttrig, ...samples('output'), ...interp, ...controls];
    }
    case 'CustomInstrumentInterlaced':
      return [...head, ...samples('input', true), exttrig, ...samples('output', true), ...registers];
    default:
      return null;
  }
}

/** The platform's header of `target` for this body, on one line; null when the target has no Verilog interface. */
export function bodyHeader(target: string, reader: BodyReader, body: string): string | null {
  const vendorCase = target === 'CustomWrapper' && VENDOR_CASE_NAMES.test(stripComments(body));
  const list = ports(target, reader, vendorCase);
  if (!list) return null;
  const parameters = target === 'CustomInstrumentInterlaced' ? FACTORS : '';
  return `module ${target} ${parameters}(${list.join(', ')}); `;
}

/** A body-only file as the tools read it, and where their findings are in the user's file. */
export class WrappedBody {
  private readonly lines: number;

  constructor(
    readonly file: SourceFile,
    private readonly target: string,
  ) {
    this.lines = file.content.split('\n').length;
  }

  /** The file with the header on its first line and `endmodule` after its last; null for a target without a Verilog interface. */
  text(reader: BodyReader): string | null {
    const header = bodyHeader(this.target, reader, this.file.content);
    return header === null ? null : `${header}${this.file.content}\nendmodule\n`;
  }

  /**
   * A tool's finding in the wrapped file where it is in the user's: a column on line 1 less the header's
   * length (none when the finding is in the header), a line past the file's end (the `endmodule` the
   * platform adds, where an unclosed block is found) on its last line.
   */
  place(diagnostic: Diagnostic): Diagnostic {
    if (diagnostic.file !== this.file.name) return diagnostic;
    if (diagnostic.line > this.lines) return { ...diagnostic, line: this.lines, column: null };
    if (diagnostic.line !== 1 || diagnostic.column === null) return diagnostic;
    const shift = bodyHeader(this.target, 'verilator', this.file.content)?.length ?? 0;
    return { ...diagnostic, column: diagnostic.column > shift ? diagnostic.column - shift : null };
  }
}
