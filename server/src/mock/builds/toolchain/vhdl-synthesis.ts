import type { SourceFile } from '../../domain.js';
import { NOT_YOUR_ERROR, type Diagnostic } from '../diagnostics.js';
import { fileKind, stripVerilogComments, type TopLevel } from '../hdl-project.js';
import { IP_CORES } from './platform-files.js';

/**
 * What GHDL's synthesis reports, read as the vendor's toolchain would judge the design. GHDL refuses
 * some designs the vendor's toolchain builds: latches (Vivado warns; GHDL stops unless `--latches`) and
 * real-number conversions it cannot evaluate. Latches become warnings, with a second run under
 * `--latches`; the real-number limits become platform notes (a limit of the check, not the design's error). GHDL also files "no assignment for port" under the platform's entity, a file the
 * user cannot open: the fault is in the user's architecture, so it goes there.
 */

const LATCH = /^latch infered for net "(?<net>[^"]*)" \(use --latches\)$/;
// Real-number arithmetic GHDL's synthesis cannot evaluate, where Vivado computes it (math_real in constants).
const REAL_LIMIT = /^unhandled (?:type conversion \(to float\)|call to ieee function "(?<fn>\w+)")$/;
const UNASSIGNED_PORT = /^no assignment for port "(?<port>[^"]*)"$/;
const UNBOUND = /^instance "[^"]*" of component "(?<component>[^"]*)" is not bound/;
const SCALE_OFFSET_REGISTERS = /IN_REG and MID_REG cannot both be 1/;
/** The platform entities of the slot targets (fixtures/platform/vhdl), as build diagnostics name them. */
const TARGET_ENTITY_FILE = /^platform\/custom-[\w-]+\.vhd$/;

/** The platform note a real-number conversion GHDL cannot synthesize gets: a limit of the check, not the design's error. */
export const REAL_CONVERSION_LIMIT =
  'GHDL, the check build\'s synthesis tool, cannot convert this value to a real number ("to float"), ' +
  `so the resource estimate is skipped: ${NOT_YOUR_ERROR}`;
export const realFunctionLimit = (fn: string) =>
  `GHDL, the check build's synthesis tool, cannot compute the real-number function "${fn}", ` +
  `so the resource estimate is skipped: ${NOT_YOUR_ERROR}`;

export class SynthesisFindings {
  /** A latch was reported (the design has no other synthesis error then: run again with --latches). */
  latches = 0;
  /** GHDL could not synthesize a real-number conversion (a limit of the tool). */
  realConversions = 0;
  /** Errors of this step that are the design's own. */
  errors = 0;
  private readonly seen = new Set<string>();

  constructor(
    private readonly top: TopLevel,
    private readonly files: readonly SourceFile[],
  ) {}

  /**
   * The diagnostic as the user should see it; or a line for the log that is no diagnostic: an IP core left
   * unbound (a black box is how a check build treats it; the log lists them), a warning GHDL's refusal
   * made meaningless; or null, the tool's line as it is, when this step already reported it (the second
   * run repeats the first one's warnings).
   */
  readonly rewrite = (diagnostic: Diagnostic): Diagnostic | string | null => {
    const at = `${diagnostic.file}:${diagnostic.line}`;
    const unbound = UNBOUND.exec(diagnostic.message);
    const core = unbound && IP_CORES.find((c) => c.toLowerCase() === unbound.groups!.component!.toLowerCase());
    if (core) return `${at}: note: ${core} is a black box here: a pre-compiled IP core of the platform`;
    // A component the project's Verilog declares as a module (a mixed design): Vivado binds the two, and
    // so does the estimate (Yosys reads the module with GHDL's netlist); GHDL alone cannot.
    const module = unbound && this.verilogModule(unbound.groups!.component!);
    if (module) return `${at}: note: component ${unbound.groups!.component} is the project's Verilog module ${module}`;
    const result = this.judge(diagnostic);
    if (!result) return `${at}: note: GHDL's "${diagnostic.message}" is left out: it stopped before that part`;
    const key = `${result.file}:${result.line}:${result.column}:${result.severity}:${result.message}`;
    if (this.seen.has(key)) return null;
    this.seen.add(key);
    if (result.severity === 'error') this.errors++;
    return result;
  };

  private modules: string[] | undefined;

  /** The project's Verilog module named `component` (without case, as VHDL names it), or null. */
  private verilogModule(component: string): string | null {
    this.modules ??= this.files
      .filter((f) => fileKind(f.name) === 'verilog')
      .flatMap((f) => [...stripVerilogComments(f.content).matchAll(/\bmodule\s+([A-Za-z_]\w*)/g)].map((m) => m[1]!));
    return this.modules.find((m) => m.toLowerCase() === component.toLowerCase()) ?? null;
  }

  /** Whether GHDL's refusal was only for latches: then `--latches` gives the netlist. */
  get onlyLatches(): boolean {
    return this.latches > 0 && this.errors === 0 && this.realConversions === 0;
  }

  /** Whether GHDL's refusal was only for what it cannot synthesize: the design checked out, the estimate is skipped. */
  get onlyToolLimits(): boolean {
    return this.realConversions > 0 && this.errors === 0;
  }

  private judge(d: Diagnostic): Diagnostic | null {
    const latch = LATCH.exec(d.message);
    if (latch) {
      this.latches++;
      return {
        ...d,
        severity: 'warning',
        message:
          `latch inferred for "${latch.groups!.net}": it keeps its value while no branch of this process assigns it. ` +
          'If it should be a register or combinational, assign it on every path',
      };
    }
    const real = REAL_LIMIT.exec(d.message);
    if (real && d.origin === 'user') {
      this.realConversions++;
      const fn = real.groups?.fn;
      return { ...d, severity: 'note', message: fn ? realFunctionLimit(fn) : REAL_CONVERSION_LIMIT };
    }
    const port = UNASSIGNED_PORT.exec(d.message);
    if (port && this.realConversions > 0) return null; // GHDL gave up on the process that assigns it
    if (port && d.origin === 'platform' && TARGET_ENTITY_FILE.test(d.file)) {
      return {
        ...d,
        file: this.top.file,
        line: this.top.line,
        column: null,
        origin: 'user',
        message: `no assignment for output port "${port.groups!.port}" in this architecture: it stays undriven`,
      };
    }
    if (SCALE_OFFSET_REGISTERS.test(d.message) && d.origin === 'platform') {
      const place = scaleOffsetWithBothRegisters(this.files);
      if (place) return { ...d, ...place, column: null, origin: 'user' };
    }
    return d;
  }
}

/**
 * Where a design instantiates ScaleOffset(2) with IN_REG and MID_REG both 1 (the component's assertion
 * fires in the platform's file, but the fault is the instance's generic map).
 */
function scaleOffsetWithBothRegisters(files: readonly SourceFile[]): { file: string; line: number } | null {
  const instance = /:\s*(?:entity\s+\w+\.)?ScaleOffset2?\s+generic\s+map\s*\(([^;]*?)\)\s*port\s+map/gi;
  for (const file of files.filter((f) => fileKind(f.name) === 'vhdl')) {
    const text = file.content.replace(/--.*$/gm, '');
    for (const match of text.matchAll(instance)) {
      if (/\bIN_REG\s*=>\s*1\b/i.test(match[1]!) && /\bMID_REG\s*=>\s*1\b/i.test(match[1]!))
        return { file: file.name, line: text.slice(0, match.index).split('\n').length };
    }
  }
  return null;
}
