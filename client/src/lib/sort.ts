/** The direction a sorted table column shows (the values of aria-sort). */
export type SortDirection = 'ascending' | 'descending';

// Made on first use, not when the module loads: creating a collator loads ICU's collation data, a
// long task on a phone (tens of ms at 4× slowdown), and the projects page's default order (newest
// change first) needs no name comparison at all.
let nameCollator: Intl.Collator | undefined;

/** Names as people sort them: case-insensitive, "Filter 2" before "Filter 10". */
export function compareNames(a: string, b: string): number {
  nameCollator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return nameCollator.compare(a, b);
}
