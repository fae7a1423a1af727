import { IP_CORES } from './platform-files.js';

/** The part of Yosys's JSON netlist the black-box report reads. */
export interface NetlistCells {
  modules: Record<string, { attributes?: Record<string, unknown>; cells?: Record<string, { type: string }> }>;
}

/** How many instances of each of the platform's IP cores the synthesized design holds, by core. */
export function ipCoresUsed(netlist: NetlistCells): Map<string, number> {
  const used = new Map<string, number>();
  for (const module of Object.values(netlist.modules)) {
    for (const cell of Object.values(module.cells ?? {})) {
      // GHDL's netlist keeps the component's spelling; a Verilog design may write it in any case.
      const core = IP_CORES.find((name) => name.toLowerCase() === cell.type.replace(/^\\/, '').toLowerCase());
      if (core) used.set(core, (used.get(core) ?? 0) + 1);
    }
  }
  return used;
}

/** The log's account of the IP cores: each black box used, and that none was synthesized. */
export function blackBoxLines(used: Map<string, number>): string[] {
  if (used.size === 0) return [];
  const plural = (n: number) => (n === 1 ? '1 instance' : `${n} instances`);
  return [
    ...[...used].map(
      ([core, count]) => `Black box: ${core} (${plural(count)}), a pre-compiled IP core of the platform`,
    ),
    `No IP core was synthesized: a check build checks the design around the ${used.size === 1 ? 'core' : `${used.size} cores`} ` +
      'by their ports only, and the resource report leaves their resources out',
  ];
}
