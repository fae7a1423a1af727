import type { SourceFile } from '../store/fixtures.js';

export type FileKind = 'vhdl' | 'verilog' | 'constraints' | 'ip' | 'other';

/** What a project file is, by its extension. */
export function fileKind(name: string): FileKind {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'vhd' || ext === 'vhdl') return 'vhdl';
  if (ext === 'v' || ext === 'sv') return 'verilog';
  if (ext === 'xdc' || ext === 'sdc') return 'constraints';
  if (ext === 'xci' || ext === 'coe') return 'ip';
  return 'other';
}

const stripVhdlComments = (text: string) => text.replace(/--.*$/gm, '');
const stripVerilogComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
const escape = (name: string) => name.replace(/[^\w]/g, '');

/** Where the design's top level is: the file holding `architecture … of <target>` or `module <target>`. */
export interface TopLevel {
  language: 'vhdl' | 'verilog';
  file: string;
}

export function findTopLevel(files: readonly SourceFile[], target: string): TopLevel | null {
  const name = escape(target);
  const vhdl = new RegExp(`\\barchitecture\\s+\\w+\\s+of\\s+${name}\\s+is\\b`, 'i');
  const verilog = new RegExp(`\\bmodule\\s+${name}\\b`);
  for (const file of files) {
    const kind = fileKind(file.name);
    if (kind === 'vhdl' && vhdl.test(stripVhdlComments(file.content))) return { language: 'vhdl', file: file.name };
    if (kind === 'verilog' && verilog.test(stripVerilogComments(file.content))) return { language: 'verilog', file: file.name };
  }
  return null;
}

/** Why this project cannot be built for `target` (no HDL, or no top-level design); null when it can. */
export function topLevelProblem(files: readonly SourceFile[], target: string): string | null {
  const wanted = `an \`architecture … of ${target}\` (VHDL) or a \`module ${target}\` (Verilog)`;
  if (!files.some((f) => fileKind(f.name) === 'vhdl' || fileKind(f.name) === 'verilog')) {
    return `Nothing to build: the project has no VHDL or Verilog file. Add one with ${wanted}.`;
  }
  if (!findTopLevel(files, target)) {
    return `No top-level design: no file holds ${wanted}, the ${target} slot interface of this configuration.`;
  }
  return null;
}
