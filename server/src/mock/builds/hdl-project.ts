import type { SourceFile } from '../domain.js';

export type FileKind = 'vhdl' | 'verilog' | 'constraints' | 'ip' | 'ip-template' | 'other';

/** What a project file is, by its extension. */
export function fileKind(name: string): FileKind {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'vhd' || ext === 'vhdl') return 'vhdl';
  if (ext === 'v' || ext === 'sv') return 'verilog';
  if (ext === 'xdc' || ext === 'sdc') return 'constraints';
  if (ext === 'xci' || ext === 'coe') return 'ip';
  // The vendor's instantiation templates of its IP cores: references for the user, never built.
  if (ext === 'vho' || ext === 'veo') return 'ip-template';
  return 'other';
}

const stripVhdlComments = (text: string) => text.replace(/--.*$/gm, '');
// Block comments keep their line breaks, so a match's line in the stripped text is its line in the file.
export const stripVerilogComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, '')).replace(/\/\/.*$/gm, '');
const escape = (name: string) => name.replace(/[^\w]/g, '');

/** Where the design's top level is: the file holding `architecture … of <target>` or `module <target>`. */
export interface TopLevel {
  language: 'vhdl' | 'verilog';
  file: string;
  /** The line of the `architecture … of` or `module` that begins the top level (1-based; 1 for a body-only file). */
  line: number;
  /** A Verilog file holding only the module's body: the platform supplies the header (toolchain/verilog-body.ts). */
  bodyOnly?: true;
}

/** The 1-based line of the first match of `pattern` in `text` (comments stripped, line breaks kept), or null. */
function lineOf(text: string, pattern: RegExp): number | null {
  const match = pattern.exec(text);
  return match ? text.slice(0, match.index).split('\n').length : null;
}

export function findTopLevel(files: readonly SourceFile[], target: string): TopLevel | null {
  const name = escape(target);
  const vhdl = new RegExp(`\\barchitecture\\s+\\w+\\s+of\\s+${name}\\s+is\\b`, 'i');
  const verilog = new RegExp(`\\bmodule\\s+${name}\\b`);
  for (const file of files) {
    const kind = fileKind(file.name);
    const line =
      kind === 'vhdl'
        ? lineOf(stripVhdlComments(file.content), vhdl)
        : kind === 'verilog'
          ? lineOf(stripVerilogComments(file.content), verilog)
          : null;
    if (line !== null) return { language: kind === 'vhdl' ? 'vhdl' : 'verilog', file: file.name, line };
  }
  return null;
}

/** A declaration a body-only file cannot hold: a file declaring any of these is a file of modules, not a body. */
const DECLARES_UNIT = /\b(?:module|macromodule|primitive|interface|package|program)\b/;

/**
 * The Verilog files that may be a body-only top: code (declarations, assigns, always blocks) but no
 * module of their own, and not `include`d by another file of the project (a file of shared definitions).
 */
function bodyOnlyCandidates(files: readonly SourceFile[]): string[] {
  const verilog = files.filter((f) => fileKind(f.name) === 'verilog');
  const included = new Set(
    verilog.flatMap((f) => [...stripVerilogComments(f.content).matchAll(/`include\s+"([^"]+)"/g)].map((m) => m[1]!)),
  );
  return verilog
    .filter((f) => {
      const code = stripVerilogComments(f.content);
      return code.trim() !== '' && !DECLARES_UNIT.test(code) && !included.has(f.name);
    })
    .map((f) => f.name);
}

/**
 * The body-only top when no file declares the target's top level: the one Verilog file that is a module's
 * body only, the platform supplying its header; null when there is none, or several (topLevelProblem says so).
 */
export function findBodyOnlyTop(files: readonly SourceFile[], target: string): TopLevel | null {
  if (findTopLevel(files, target)) return null;
  const candidates = bodyOnlyCandidates(files);
  return candidates.length === 1 ? { language: 'verilog', file: candidates[0]!, line: 1, bodyOnly: true } : null;
}

/** Why this project cannot be built for `target` (no HDL, or no top-level design); null when it can. */
export function topLevelProblem(files: readonly SourceFile[], target: string): string | null {
  const wanted = `an \`architecture … of ${target}\` (VHDL) or a \`module ${target}\` (Verilog)`;
  if (!files.some((f) => fileKind(f.name) === 'vhdl' || fileKind(f.name) === 'verilog')) {
    return `Nothing to build: the project has no VHDL or Verilog file. Add one with ${wanted}.`;
  }
  const bodies = findTopLevel(files, target) ? [] : bodyOnlyCandidates(files);
  if (bodies.length > 1) {
    return `Several Verilog files hold no module (${bodies.join(', ')}): only one can be the body of the ${target} module the platform declares. Declare \`module ${target}\` in the top file, or \`include the others from it.`;
  }
  if (bodies.length === 0 && !findTopLevel(files, target)) {
    return `No top-level design: no file holds ${wanted}, the ${target} slot interface of this configuration.`;
  }
  return null;
}

/** Files a check build writes beside the user's sources: a project file of the same name would be overwritten or read instead. */
export const BUILD_FILE_NAMES = [
  '.vhdl-netlist.v',
  '.platform-header.v',
  '.ip-cores.v',
  'platform-header.json',
  'netlist.json',
  'resources.rpt',
  'work-obj08.cf',
];

/**
 * Why project file names cannot go to the tools, one sentence each (empty when all can). Names reach
 * GHDL as `./name` arguments (never an option) and the Yosys script in double quotes, where a `"` or
 * `;` would end the name or the command, and where Yosys expands `*`, `?` and `[` as a pattern of file
 * names even in quotes (`*.v` read every Verilog file again); the build's own file names are reserved.
 */
export function unsafeFileNames(names: readonly string[]): string[] {
  const problems: string[] = [];
  for (const name of names) {
    if (BUILD_FILE_NAMES.includes(name))
      problems.push(`the file name ${JSON.stringify(name)} is reserved for the build's own files: rename the file`);
    else if ((fileKind(name) === 'vhdl' || fileKind(name) === 'verilog') && /[";\\]/.test(name)) {
      problems.push(
        `the file name ${JSON.stringify(name)} holds a character the tools cannot take (" ; or \\): rename the file`,
      );
    } else if (fileKind(name) === 'verilog' && /[*?[]/.test(name)) {
      problems.push(
        `the file name ${JSON.stringify(name)} holds a character Yosys reads as a pattern of names (* ? or [): rename the file`,
      );
    }
  }
  return problems;
}
