/** The direction a sorted table column shows (the values of aria-sort). */
export type SortDirection = 'ascending' | 'descending';

const nameCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Names as people sort them: case-insensitive, "Filter 2" before "Filter 10". */
export function compareNames(a: string, b: string): number {
  return nameCollator.compare(a, b);
}
