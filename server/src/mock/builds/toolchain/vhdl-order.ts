import type { SourceFile } from '../../domain.js';

/**
 * VHDL files in an order GHDL can analyse them one after another: each after the files declaring the
 * units it uses (`use work.P`, `entity work.E`, `architecture … of E`, `package body P`, a component
 * named as a project entity). The check build asks GHDL first (`--elab-order` of the top); GHDL answers
 * nothing when any unit is missing, and analysing in upload order then blames every file after the first
 * one used before it is analysed. Read from the text, so it works whatever else is wrong; files that
 * depend on each other in a cycle keep their upload order.
 */
export function dependencyOrder(files: readonly SourceFile[]): string[] {
  const parsed = files.map((file) => ({ name: file.name, ...unitsOf(file.content) }));
  const declaredIn = new Map<string, string>();
  for (const file of parsed)
    for (const unit of file.declares) if (!declaredIn.has(unit)) declaredIn.set(unit, file.name);

  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.has(name)) return; // done, or a cycle: its upload order stands
    state.set(name, 'visiting');
    const file = parsed.find((f) => f.name === name)!;
    for (const unit of file.uses) {
      const home = declaredIn.get(unit);
      if (home && home !== name) visit(home);
    }
    state.set(name, 'done');
    order.push(name);
  };
  for (const file of parsed) visit(file.name);
  return order;
}

const strip = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/--.*$/gm, '');

function unitsOf(content: string): { declares: Set<string>; uses: Set<string> } {
  const text = strip(content).toLowerCase();
  const all = (pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);
  const declares = new Set([
    ...all(/\bpackage\s+(?!body\b)(\w+)\s+is\b/g),
    ...all(/\bentity\s+(\w+)\s+is\b/g),
    ...all(/\bcontext\s+(\w+)\s+is\b/g),
  ]);
  const uses = new Set([
    ...all(/\bwork\s*\.\s*(\w+)/g),
    ...all(/\barchitecture\s+\w+\s+of\s+(\w+)/g),
    ...all(/\bpackage\s+body\s+(\w+)/g),
    ...all(/:\s*(?:component\s+)?(\w+)\s+(?:generic|port)\s+map\b/g),
  ]);
  return { declares, uses };
}
