import type { SourceFile } from '../../domain.js';
import type { Diagnostic } from '../diagnostics.js';

/**
 * A file name as a Yosys script argument: `./` first (a name starting with `-` is never an option), in
 * double quotes (spaces stay in the name). Names holding `"`, `;` or `\\` are refused before this (unsafeFileNames).
 */
const quote = (name: string) => {
  if (/[";\\*?[]/.test(name)) throw new Error(`unsafe file name for a Yosys script: ${JSON.stringify(name)}`);
  return `"./${name}"`;
};

/**
 * The Yosys script of a check build's resource estimate: the project's Verilog (and GHDL's netlist of
 * a VHDL top), generic synthesis with the target as top, the statistics as the resource report, and the
 * netlist as JSON. (A Verilog top's ports are checked by Verilator: verilog-ports.ts.)
 */
export function yosysScript(input: {
  target: string;
  /**
   * Empty modules (the platform's IP cores, a mixed design's VHDL entities): read first, so a design's own
   * module of that name replaces one.
   */
  blackBoxes?: readonly string[];
  verilog: readonly string[];
  vhdlNetlist: string | null;
}): string {
  const sources = [...input.verilog, ...(input.vhdlNetlist ? [input.vhdlNetlist] : [])].map(quote).join(' ');
  return [
    ...(input.blackBoxes?.length ? [`read_verilog -sv ${input.blackBoxes.map(quote).join(' ')}`] : []),
    `read_verilog -sv ${sources}`,
    `synth -top ${input.target}`,
    'tee -q -o resources.rpt stat',
    'write_json netlist.json',
  ].join('; ');
}

/**
 * The report's lines as the log shows them: Yosys heads each module `=== CustomInstrument ===`, the form
 * of a stage's marker in the log viewer, so they become `--- CustomInstrument ---` (a report heading is no stage).
 */
export function reportLines(report: string): string[] {
  return report
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => line.replace(/^(\s*)={3,}(\s*.*?\s*)={3,}\s*$/, '$1---$2---'));
}

/** One line for the log: the design's totals from Yosys's `stat` (the hierarchy total when there is one). */
export function resourceSummary(report: string): string {
  const last = (label: string) => {
    const all = [...report.matchAll(new RegExp(`Number of ${label}:\\s+(\\d+)`, 'g'))];
    return all.length ? Number(all.at(-1)![1]) : 0;
  };
  return `Resources: ${last('cells')} cells, ${last('wires')} wires, ${last('wire bits')} wire bits, ${last('memory bits')} memory bits`;
}

/** The resource numbers of a report: cells and wires of the whole design. */
export function resourceCounts(report: string): { cells: number; wires: number } {
  const match = /Resources: (\d+) cells, (\d+) wires/.exec(resourceSummary(report))!;
  return { cells: Number(match[1]), wires: Number(match[2]) };
}

/** Commands a Vivado XDC/SDC file may hold (a check build reads them, it does not apply them). */
const CONSTRAINT_COMMANDS = new Set([
  'create_clock',
  'create_generated_clock',
  'set_clock_groups',
  'set_clock_latency',
  'set_clock_uncertainty',
  'set_input_jitter',
  'set_system_jitter',
  'set_input_delay',
  'set_output_delay',
  'set_false_path',
  'set_multicycle_path',
  'set_max_delay',
  'set_min_delay',
  'set_bus_skew',
  'set_case_analysis',
  'set_disable_timing',
  'set_load',
  'set_property',
  'group_path',
  'set_max_time_borrow',
  'set',
]);

/** Warnings for lines of a constraint file that are not a known constraint command. */
export function checkConstraints(file: SourceFile): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let continued = false;
  file.content.split(/\r?\n/).forEach((text, index) => {
    const line = text.trim();
    const wasContinued = continued;
    continued = line.endsWith('\\');
    if (wasContinued || line === '' || line.startsWith('#')) return;
    const command = line.split(/\s+/)[0]!;
    if (!CONSTRAINT_COMMANDS.has(command)) {
      diagnostics.push({
        file: file.name,
        line: index + 1,
        column: 1,
        severity: 'warning',
        message: `unknown constraint command "${command}"`,
        origin: 'user',
      });
    }
  });
  return diagnostics;
}
