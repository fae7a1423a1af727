import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SourceFile } from '../../domain.js';
import type { Diagnostic } from '../diagnostics.js';
import { fileKind, stripVerilogComments } from '../hdl-project.js';
import { platformNote } from './platform-notes.js';
import type { EntityPort, VhdlEntity } from './vhdl-entity-xml.js';

/**
 * A mixed design (a Verilog/SystemVerilog top instantiating the project's VHDL entities, as the vendor's
 * toolchain builds it): each entity becomes an empty Verilog module with its generics as parameters and
 * its ports, which Verilator reads as a library (as it reads the IP cores), so the instantiation is checked
 * — a wrong port name is the user's error at the Verilog line — and Yosys reads as a black box. The VHDL
 * itself is checked by GHDL. VHDL names know no case and Verilog's do: a module is declared under the
 * entity's own spelling and each other spelling the project's Verilog uses for it.
 */

/** The stub file's name beside src/ (Verilator) and its copy in src/ (Yosys reads it as black boxes). */
export const VHDL_ENTITY_STUBS = 'vhdl-entities.v';

/** The project's Verilog identifiers: what an instantiation may name. */
function verilogIdentifiers(files: readonly SourceFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files)
    for (const [word] of stripVerilogComments(file.content).matchAll(/\b[A-Za-z_]\w*\b/g)) names.add(word);
  return names;
}

/** Modules the project's Verilog declares itself: a stub never replaces one. */
function verilogModules(files: readonly SourceFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files)
    for (const match of stripVerilogComments(file.content).matchAll(/\bmodule\s+([A-Za-z_]\w*)/g)) names.add(match[1]!);
  return names;
}

/** The entities `file` declares that the project's Verilog names, as the VHDL spells them (by the text). */
export function entitiesNamed(vhdl: SourceFile, verilog: readonly SourceFile[]): string[] {
  const identifiers = new Set([...verilogIdentifiers(verilog)].map((n) => n.toLowerCase()));
  const text = vhdl.content.replace(/--.*$/gm, '');
  const declared = [...text.matchAll(/\bentity\s+(\w+)\s+is\b/gi)].map((m) => m[1]!);
  return declared.filter((name) => identifiers.has(name.toLowerCase()));
}

/** Whether `file` declares an entity the project's Verilog names (a cheap look before asking GHDL). */
export const namesAnEntity = (vhdl: SourceFile, verilog: readonly SourceFile[]) =>
  entitiesNamed(vhdl, verilog).length > 0;

/**
 * An entity the Verilog names that the check could not describe to Verilator though GHDL analysed its
 * VHDL (GHDL's description of its file is over the bound the gateway reads, or unreadable): `why` follows
 * "because". A limit of the check: Verilator's missing module there is a platform note, not the user's error.
 */
export interface UndescribedEntity {
  name: string;
  file: string;
  why: string;
}

const MISSING_MODULE = /^Cannot find file containing module: '(\w+)'/;
/** The line Verilator adds under a missing module, at the same place. */
const MISSING_MODULE_HINT = /^This may be because there's no search path specified/;

/**
 * Restates Verilator's diagnostics at an instance of a project's VHDL entity it has no module for: an
 * undescribed entity's missing module becomes a platform note saying why, and Verilator's hint under it
 * (a search path for module files) a plain line of the log; one of `dropped` (entities of VHDL with
 * errors of its own, shown at that file) is left out with its hint.
 */
export function entityInstanceRewrite(
  undescribed: readonly UndescribedEntity[],
  dropped: readonly string[] = [],
): (diagnostic: Diagnostic) => Diagnostic | string | null {
  const restated = new Map<string, UndescribedEntity | null>();
  const byName = new Map(undescribed.map((e) => [e.name.toLowerCase(), e]));
  const drop = new Set(dropped.map((name) => name.toLowerCase()));
  return (diagnostic) => {
    const place = `${diagnostic.file}:${diagnostic.line}`;
    const name = MISSING_MODULE.exec(diagnostic.message)?.[1]?.toLowerCase() ?? '';
    // The hint, or the same instance met again (Verilator's XML of the ports), after the note.
    if ((MISSING_MODULE_HINT.test(diagnostic.message) || name) && restated.has(place)) {
      const entity = restated.get(place);
      return entity
        ? `INFO: ${place}: Verilator has no module for the entity ${entity.name} (the note above says why)`
        : null;
    }
    const entity = byName.get(name);
    if (!entity && !drop.has(name)) return diagnostic;
    restated.set(place, entity ?? null);
    if (!entity) return null;
    const what =
      `The VHDL entity ${entity.name} (${entity.file}) could not be described to Verilator because ${entity.why}, ` +
      'so this instance of it was not checked (GHDL checked its VHDL)';
    return platformNote(diagnostic.file, diagnostic.line, what).diagnostic;
  };
}

function portText(port: EntityPort): string {
  const range = port.range && port.range !== 'unknown' ? ` [${port.range.left}:${port.range.right}]` : '';
  return `${port.direction} wire${port.signed ? ' signed' : ''}${range} ${port.name}`;
}

function moduleText(entity: VhdlEntity, name: string): string {
  const parameters = entity.generics.map((g) => `parameter ${g.name} = ${g.value ?? 0}`);
  const header = parameters.length > 0 ? ` #(\n  ${parameters.join(',\n  ')}\n)` : '';
  const ports = entity.ports.map(portText).join(',\n  ');
  return `// entity ${entity.name} (${entity.file}:${entity.line})\n(* blackbox *)\nmodule ${name}${header} (\n  ${ports}\n);\nendmodule\n`;
}

/** The entities the Verilog instantiates, each with the module names it is declared under. */
export function instantiatedEntities(
  entities: readonly VhdlEntity[],
  verilog: readonly SourceFile[],
): { entity: VhdlEntity; names: string[] }[] {
  const identifiers = [...verilogIdentifiers(verilog)];
  const own = verilogModules(verilog);
  return entities
    .map((entity) => {
      const spellings = identifiers.filter((id) => id.toLowerCase() === entity.name.toLowerCase());
      return { entity, names: spellings.filter((n) => !own.has(n)) };
    })
    .filter((e) => e.names.length > 0);
}

/** The stub file's text: one empty module per entity and spelling. */
export function verilogStubs(used: readonly { entity: VhdlEntity; names: string[] }[]): string {
  const modules = used.flatMap(({ entity, names }) => names.map((name) => moduleText(entity, name)));
  return [
    "// The project's VHDL entities as the Verilog side sees them (generated by the check build from GHDL's analysis).",
    '/* verilator lint_off UNDRIVEN */',
    '/* verilator lint_off UNUSEDSIGNAL */',
    '/* verilator lint_off UNUSEDPARAM */',
    '/* verilator lint_off DECLFILENAME */',
    ...modules,
  ].join('\n');
}

/**
 * A build's mixed design: the VHDL entities the project's Verilog instantiates, written as Verilog modules
 * for Verilator (beside src/) and Yosys (a hidden copy in src/), each named in the log. Returns them.
 */
export async function writeEntityStubs(
  buildDir: string,
  files: readonly SourceFile[],
  entities: readonly VhdlEntity[],
  log: (line: string) => void,
): Promise<VhdlEntity[]> {
  const used = instantiatedEntities(
    entities,
    files.filter((f) => fileKind(f.name) === 'verilog'),
  );
  if (used.length === 0) return [];
  const text = verilogStubs(used);
  await writeFile(path.join(buildDir, VHDL_ENTITY_STUBS), text);
  await writeFile(path.join(buildDir, 'src', `.${VHDL_ENTITY_STUBS}`), text);
  for (const { entity } of used)
    log(
      `INFO: ${entity.file}: entity ${entity.name} is instantiated from Verilog; Verilator checks the instances against its ports`,
    );
  return used.map(({ entity }) => entity);
}
