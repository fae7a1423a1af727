import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SourceFile } from '../../domain.js';
import type { Diagnostic } from '../diagnostics.js';
import { IP_CORES, MOKU_COMPONENTS, MOKU_LIBRARY, VHDL_PLATFORM } from './platform-files.js';
import { platformNote } from './platform-notes.js';

/**
 * Port associations at the platform's components that the vendor's toolchain (Vivado) accepts and GHDL 2.0
 * refuses: a `signed` signal on an IP core's `std_logic_vector` port (closely related types, which Vivado
 * converts), and a type conversion such as `signed(Control(0)(15 downto 0))` into an unconstrained port of
 * Moku.Support's ScaleOffset ("type of actual conversion must be fully constrained"). The analysis runs with
 * `rewrite` holding back such errors; `fix` then edits the check copy of the user's file so GHDL reads the
 * association as Vivado does — an explicit conversion, or a constrained subtype declared in a block around
 * the instance — every edit within its line, so each later finding keeps the user's file:line. Each edit is
 * a platform note. The same error at a component the user wrote is the user's error and passes through.
 */

// GHDL names the actual ('inputa', or `slice`) and the formal ("signal interface" of a component, "port" of an entity).
const CANT_ASSOCIATE = /^can't associate (?:'[^']*'|\w+) with (?:signal interface|port) "(?<formal>[^"]*)"$/;
const ACTUAL_TYPE = /^\(type of (?:'[^']*'|\w+) is (?:a subtype of )?(?<type>\w+)\)$/;
const FORMAL_TYPE = /^\(type of (?:signal interface|port) "[^"]*" is (?:a subtype of )?(?<type>\w+)\)$/;
const UNCONSTRAINED_CONVERSION = /^type of actual conversion must be fully constrained$/;
// `std_logic_vector(Im & Re)` where the design's own array of signed gives "&" a second meaning.
const AMBIGUOUS_CONCATENATION = /^can't resolve overload for operator "&"$/;
const INTERPRETATION = /^(?:possible interpretations are:|array type "\w+")$/;
/** The slot's sample ports, declared by the platform's entity: signed. */
const SAMPLE_PORT = /^(?:input|output)[a-d]$/i;

/** The closely related array types the platform's ports and the designs use: GHDL's name → the expanded name. */
const CONVERTIBLE: Record<string, { name: string; shown: string }> = {
  std_ulogic_vector: { name: 'ieee.std_logic_1164.std_ulogic_vector', shown: 'std_logic_vector' },
  unresolved_signed: { name: 'ieee.numeric_std.unresolved_signed', shown: 'signed' },
  unresolved_unsigned: { name: 'ieee.numeric_std.unresolved_unsigned', shown: 'unsigned' },
};

/** GHDL counts a tab as reaching the next multiple of 8 in its columns. */
const TAB = 8;
/**
 * Passes of analysis and fixing at most: GHDL reports one refused association per instance, and stops at
 * the first file with errors, so a design may need a few; bounded, as each pass is a run of GHDL.
 */
export const MAX_ASSOCIATION_PASSES = 10;

interface Instance {
  unit: string;
  /** Offsets in the file's text: where the instance's label starts, and its closing `;`. */
  start: number;
  end: number;
}

interface Held {
  diagnostic: Diagnostic;
  instance: Instance;
  kind: 'associate' | 'conversion' | 'concatenation';
  formal?: string;
  actualType?: string;
  formalType?: string;
  /** Where GHDL says the port is declared (the platform's package, or the user's own component declaration). */
  declaredAt?: { file: string; line: number };
}

interface Edit {
  at: number;
  remove: number;
  insert: string;
}

export interface AssociationFixes {
  /** The check copies to write (the user's files with the edits). */
  files: SourceFile[];
  notes: { diagnostic: Diagnostic; text: string }[];
  /** Held errors no edit could answer: the design's own, reported as they are. */
  errors: Diagnostic[];
}

/**
 * What `fix` reads where GHDL says a port is declared: the platform's VHDL in `platformFolder` (as
 * `platform/<name>`, the name diagnostics give it), else the user's file of that name.
 */
export async function declarationTexts(
  platformFolder: string,
  files: readonly SourceFile[],
): Promise<(file: string) => string | undefined> {
  const texts = new Map<string, string>();
  for (const name of [...VHDL_PLATFORM, ...MOKU_LIBRARY])
    texts.set(`platform/${name}`, (await readFile(path.join(platformFolder, name))).toString('utf8'));
  return (file) => texts.get(file) ?? files.find((f) => f.name === file)?.content;
}

export class PlatformAssociations {
  private held: Held[] = [];
  private readonly attempted = new Set<string>();
  private readonly reported = new Set<string>();
  private readonly texts = new Map<string, string>();
  private blocks = 0;

  constructor(private readonly files: readonly SourceFile[]) {
    for (const f of files) this.texts.set(f.name, f.content);
  }

  /** For the analysis's `rewrite`: holds back GHDL's refusals at a platform component's ports; a repeat of an earlier pass's finding is not reported again. */
  readonly rewrite = (d: Diagnostic): Diagnostic | string | null => {
    const last = this.held.at(-1);
    if (last?.kind === 'associate' && (last.actualType === undefined || last.formalType === undefined)) {
      const actual = d.origin === 'user' ? ACTUAL_TYPE.exec(d.message) : null;
      if (actual && last.actualType === undefined) {
        last.actualType = actual.groups!.type!;
        return `  ${d.message}`;
      }
      const formal = FORMAL_TYPE.exec(d.message);
      if (formal) {
        last.formalType = formal.groups!.type!;
        last.declaredAt = { file: d.file, line: d.line };
        return `  ${d.message}`;
      }
    }
    if (last?.kind === 'concatenation' && INTERPRETATION.test(d.message)) return `  ${d.message}`;
    const key = `${d.file}:${d.line}:${d.column}:${d.severity}:${d.message}`;
    if (d.origin === 'user' && d.severity === 'error' && !this.attempted.has(key)) {
      const associate = CANT_ASSOCIATE.exec(d.message);
      const conversion = UNCONSTRAINED_CONVERSION.test(d.message);
      const concatenation = AMBIGUOUS_CONCATENATION.test(d.message);
      const instance = (associate || conversion || concatenation) && this.platformInstanceAt(d);
      if (instance) {
        this.attempted.add(key);
        this.held.push({
          diagnostic: d,
          instance,
          kind: associate ? 'associate' : conversion ? 'conversion' : 'concatenation',
          formal: associate?.groups!.formal,
        });
        return `${d.file}:${d.line}: GHDL: ${d.message} (at a port of the platform's ${instance.unit}: see the note)`;
      }
    }
    if (this.reported.has(key)) return null;
    this.reported.add(key);
    return d;
  };

  /**
   * The edits answering the errors held back since the last call. `readText` gives a file GHDL named as
   * where a port is declared (the platform's, or the user's). Empty when nothing was held.
   */
  fix(readText: (file: string) => string | undefined): AssociationFixes {
    const held = this.held;
    this.held = [];
    const edits = new Map<string, Edit[]>();
    const blocks = new Map<Instance, { file: string; subtypes: string[] }>();
    const result: AssociationFixes = { files: [], notes: [], errors: [] };
    for (const h of held) {
      const file = h.diagnostic.file;
      const text = this.texts.get(file)!;
      const at = offsetOf(text, h.diagnostic.line, h.diagnostic.column ?? 1);
      const actual = actualAt(text, at);
      const formal = formalBefore(text, at);
      const add = (edit: Edit) => edits.set(file, [...(edits.get(file) ?? []), edit]);
      const note = (what: string) => result.notes.push(platformNote(file, h.diagnostic.line, what));
      if (h.kind === 'associate') {
        const from = CONVERTIBLE[h.actualType ?? ''];
        const to = CONVERTIBLE[h.formalType ?? ''];
        const mode = h.declaredAt ? portMode(readText(h.declaredAt.file), h.declaredAt.line) : null;
        if (
          !from ||
          !to ||
          from === to ||
          !actual ||
          (mode === 'out' && !formal) ||
          (mode !== 'in' && mode !== 'out')
        ) {
          result.errors.push(h.diagnostic);
          continue;
        }
        if (mode === 'in') add({ at, remove: actual.length, insert: `${to.name}(${actual})` });
        else add({ at: formal!.at, remove: formal!.name.length, insert: `${from.name}(${formal!.name})` });
        note(
          `the vendor's toolchain connects this ${from.shown} signal to the ${to.shown} port "${h.formal}" of the ` +
            `platform's ${h.instance.unit} as it is; GHDL needs a type conversion there, so the check adds one`,
        );
        continue;
      }
      if (h.kind === 'concatenation') {
        const fixed = this.concatenation(text, at);
        if (!fixed) result.errors.push(h.diagnostic);
        else {
          add(fixed.edit);
          note(
            `the vendor's toolchain reads this "&" as a ${fixed.shown} concatenation (the type of "${fixed.operand}"); ` +
              'GHDL finds a second meaning in an array type of the design, so the check names the type',
          );
        }
        continue;
      }
      const conversion = actual ? /^((?:\w+\.)*\w+)\s*\(([\s\S]*)\)$/.exec(actual) : null;
      if (!actual || !conversion) {
        result.errors.push(h.diagnostic);
        continue;
      }
      const [, type, inner] = conversion as unknown as [string, string, string];
      const port = formal ? `"${formal.name}" ` : '';
      if (isName(inner)) {
        // A constrained subtype of the conversion's type, with the operand's range: GHDL analyses and synthesizes it.
        const block = blocks.get(h.instance) ?? { file, subtypes: [] };
        blocks.set(h.instance, block);
        const subtype = `cc_check_${this.blocks + blocks.size}_actual_${block.subtypes.length + 1}`;
        block.subtypes.push(`subtype ${subtype} is ${type}(${inner}'range);`);
        add({ at, remove: type.length, insert: subtype });
        note(
          `the vendor's toolchain takes ${type}(…) as it is on the unconstrained port ${port}of the platform's ` +
            `${h.instance.unit}; GHDL needs a constrained type there, so the check names one`,
        );
      } else {
        // No name to take a range from: a qualified expression GHDL analyses (its synthesis may not follow).
        add({ at, remove: actual.length, insert: `${type}'(${actual})` });
        note(
          `the vendor's toolchain takes ${type}(…) as it is on the unconstrained port ${port}of the platform's ` +
            `${h.instance.unit}; GHDL needs a qualified expression there, so the check reads it as one`,
        );
      }
    }
    for (const [instance, block] of blocks) {
      const label = `cc_check_${++this.blocks}`;
      const open = `${label}: block ${block.subtypes.join(' ')} begin `;
      const list = edits.get(block.file) ?? [];
      list.push(
        { at: instance.start, remove: 0, insert: open },
        { at: instance.end + 1, remove: 0, insert: ' end block;' },
      );
      edits.set(block.file, list);
    }
    for (const [file, list] of edits) {
      let text = this.texts.get(file)!;
      for (const e of list.sort((a, b) => b.at - a.at))
        text = text.slice(0, e.at) + e.insert + text.slice(e.at + e.remove);
      this.texts.set(file, text);
      result.files.push({ name: file, content: text });
    }
    return result;
  }

  /**
   * The edit qualifying the operand of the conversion around an ambiguous "&" at `at` (`T(A & B)` becomes
   * `T(<type of A>'(A & B))`), the type taken from A's declaration; null when it cannot be told.
   */
  private concatenation(text: string, at: number): { edit: Edit; shown: string; operand: string } | null {
    const arrow = text.lastIndexOf('=>', at);
    if (arrow < 0) return null;
    const start = arrow + 2 + (/^\s*/.exec(text.slice(arrow + 2))?.[0].length ?? 0);
    const actual = actualAt(text, start);
    const conversion = actual ? /^((?:\w+\.)*\w+)\s*\(\s*(\w+)/.exec(actual) : null;
    if (!actual || !conversion || start + actual.length < at) return null;
    const operand = conversion[2]!;
    const declared = SAMPLE_PORT.test(operand)
      ? 'signed'
      : new RegExp(`\\b(?:signal|variable|constant)\\s+(?:\\w+\\s*,\\s*)*${operand}\\b[\\w\\s,]*:\\s*(\\w+)`, 'i')
          .exec(withoutComments(text))?.[1]
          ?.toLowerCase();
    const type = {
      signed: 'unresolved_signed',
      unsigned: 'unresolved_unsigned',
      std_logic_vector: 'std_ulogic_vector',
    }[declared ?? ''];
    const convertible = type ? CONVERTIBLE[type] : undefined;
    if (!convertible) return null;
    const open = start + actual.indexOf('(') + 1;
    const inner = actualAt(text, open)!;
    return {
      edit: { at: open, remove: inner.length, insert: `${convertible.name}'(${inner})` },
      shown: convertible.shown,
      operand,
    };
  }

  /** The instance of a platform component whose association holds the diagnostic's place, or null. */
  private platformInstanceAt(d: Diagnostic): Instance | null {
    const text = this.texts.get(d.file);
    if (text === undefined) return null;
    const instance = instanceAround(text, offsetOf(text, d.line, d.column ?? 1));
    if (!instance) return null;
    const unit = instance.unit.toLowerCase();
    if (IP_CORES.some((c) => c.toLowerCase() === unit)) return instance;
    const moku = MOKU_COMPONENTS.find((c) => c.toLowerCase() === unit);
    // A user's own entity of the same name is the user's component: its errors are the user's.
    const ownEntity = new RegExp(`\\bentity\\s+${unit}\\s+is\\b`, 'i');
    if (moku && !this.files.some((f) => ownEntity.test(withoutComments(f.content)))) return instance;
    return null;
  }
}

/** The text with VHDL comments blanked (every offset kept). */
function withoutComments(text: string): string {
  return text.replace(/--.*$/gm, (c) => ' '.repeat(c.length));
}

/** The offset in `text` of a GHDL line and column (tabs counted to the next multiple of 8). */
function offsetOf(text: string, line: number, column: number): number {
  let start = 0;
  for (let l = 1; l < line; l++) start = text.indexOf('\n', start) + 1;
  let visual = 1;
  let at = start;
  while (visual < column && at < text.length && text[at] !== '\n') {
    visual = text[at] === '\t' ? Math.floor((visual - 1) / TAB + 1) * TAB + 1 : visual + 1;
    at++;
  }
  return at;
}

/** The index just past the parenthesis closing the one open at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

const INSTANCE =
  /\b\w+\s*:\s*(?:component\s+|entity\s+)?((?:\w+\.)*\w+)(?:\s*\(\s*\w+\s*\))?\s+(?:generic|port)\s+map\b/gi;

/** The component or entity instance whose maps contain `offset` (comments ignored), or null. */
function instanceAround(text: string, offset: number): Instance | null {
  const code = withoutComments(text);
  let found: Instance | null = null;
  for (const match of code.matchAll(INSTANCE)) {
    if (match.index > offset) break;
    let at = match.index + match[0].length;
    // The generic map's and the port map's parentheses, then the `;`.
    while (at < code.length && code[at] !== ';') {
      at = code[at] === '(' ? closing(code, at) : at + 1;
      if (at < 0) return found;
    }
    if (offset < at) found = { unit: match[1]!.split('.').at(-1)!, start: match.index, end: at };
  }
  return found;
}

/** The actual starting at `at`: up to the `,` or `)` that ends it, or null when there is none. */
function actualAt(text: string, at: number): string | null {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && depth-- === 0) return text.slice(at, i).trimEnd();
    else if (c === ',' && depth === 0) return text.slice(at, i).trimEnd();
    else if (c === ';') return null;
  }
  return null;
}

/** The formal a `formal => ` before `at` names (a plain port name), with its offset; null otherwise. */
function formalBefore(text: string, at: number): { name: string; at: number } | null {
  const from = Math.max(0, at - 200);
  const match = /(\w+)\s*=>\s*$/.exec(text.slice(from, at));
  return match ? { name: match[1]!, at: from + match.index } : null;
}

/** Whether an operand is a name (a signal, its indexes and slices), so `'range` may be taken of it. */
function isName(operand: string): boolean {
  let rest = operand.trim();
  let previous = '';
  while (rest !== previous) {
    previous = rest;
    rest = rest.replace(/\([^()]*\)/g, '');
  }
  return /^(?:\w+\.)*\w+$/.test(rest.trim());
}

/** The mode of the port declared at a line (`name : in …`), or null. */
function portMode(text: string | undefined, line: number): string | null {
  const declaration = text?.split('\n')[line - 1] ?? '';
  return /^\s*[\w\s,]+:\s*(in|out|inout|buffer)\b/i.exec(declaration)?.[1]?.toLowerCase() ?? null;
}
