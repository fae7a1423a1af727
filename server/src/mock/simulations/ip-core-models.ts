import { fileKind, stripVerilogComments } from '../builds/index.js';
import type { SourceFile } from '../domain.js';

/** The platform's IP cores: the modules its Verilog declarations file declares (one home of their names). */
export function ipCoreNames(ipCoresVerilog: string): string[] {
  return [...stripVerilogComments(ipCoresVerilog).matchAll(/\bmodule\s+(\w+)/g)].map((match) => match[1]!);
}

/**
 * The first IP core a design instantiates, or null: a VHDL instance (`label : [component] Core`) or a
 * Verilog one (`Core [#(…)] name (`). The cores are pre-compiled for the instrument and empty in
 * simulation, so a run through one would show a design that does nothing there.
 */
export function instantiatedIpCore(files: readonly SourceFile[], cores: readonly string[]): string | null {
  for (const file of files) {
    const kind = fileKind(file.name);
    if (kind !== 'vhdl' && kind !== 'verilog') continue;
    const text = kind === 'vhdl' ? file.content.replace(/--.*$/gm, '') : stripVerilogComments(file.content);
    for (const core of cores) {
      const instance =
        kind === 'vhdl'
          ? new RegExp(`:\\s*(?:component\\s+)?${core}\\b`, 'i')
          : new RegExp(`\\b${core}\\s*(?:#\\s*\\(|\\w+\\s*\\()`);
      if (instance.test(text)) return core;
    }
  }
  return null;
}

export const ipCoreRefusal = (core: string) =>
  `Simulation needs a model of ${core}: the platform's IP cores are pre-compiled for the instrument and have no behaviour in simulation. Simulate the logic around it in a testbench of its own`;
