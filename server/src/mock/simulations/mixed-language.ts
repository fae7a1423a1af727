import { fileKind, stripVerilogComments } from '../builds/index.js';
import type { SourceFile } from '../domain.js';

/**
 * A mixed design (Verilog instantiating a VHDL entity of the project, or VHDL a Verilog module), which the
 * check build builds as the vendor's toolchain does: the simulators here run one language each (GHDL
 * VHDL, Icarus Verilog Verilog), so a run in `language` through a unit of the other one is refused in
 * one sentence naming the cause, never left to a simulator's "unknown module" or an unbound component.
 */

const withoutComments = (file: SourceFile) =>
  fileKind(file.name) === 'vhdl' ? file.content.replace(/--.*$/gm, '') : stripVerilogComments(file.content);

const declared = (files: readonly SourceFile[], kind: 'vhdl' | 'verilog') =>
  files
    .filter((f) => fileKind(f.name) === kind)
    .flatMap((f) => [
      ...withoutComments(f).matchAll(kind === 'vhdl' ? /\bentity\s+(\w+)\s+is\b/gi : /\bmodule\s+(\w+)/g),
    ])
    .map((m) => m[1]!);

/** The refusal of a run in `language` whose files instantiate a unit of the other language; null when none do. */
export function mixedLanguageRefusal(files: readonly SourceFile[], language: 'vhdl' | 'verilog'): string | null {
  const other = language === 'vhdl' ? 'verilog' : 'vhdl';
  const own = new Set(declared(files, language).map((n) => n.toLowerCase()));
  // A unit both languages declare is bound within the run's own language.
  const foreign = declared(files, other).filter((n) => !own.has(n.toLowerCase()));
  for (const file of files.filter((f) => fileKind(f.name) === language)) {
    const text = withoutComments(file);
    for (const name of foreign) {
      const instance =
        language === 'vhdl'
          ? new RegExp(`:\\s*(?:component\\s+|entity\\s+\\w+\\.)?${name}\\b`, 'i')
          : new RegExp(`\\b${name}\\s*(?:#\\s*\\(|\\w+\\s*\\()`, 'i');
      if (!instance.test(text)) continue;
      const unit = language === 'vhdl' ? `Verilog module ${name}` : `VHDL entity ${name}`;
      return (
        `${file.name} instantiates the ${unit}, and the simulators here run one language at a time ` +
        '(GHDL for VHDL, Icarus Verilog for Verilog), so a mixed design cannot be simulated: ' +
        'simulate each part in a testbench of its own language'
      );
    }
  }
  return null;
}
