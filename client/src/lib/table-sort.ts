import { useCallback, useState } from 'react';
import type { SortDirection } from './sort';

/** The column a table is sorted by, and which way. */
export interface TableSort<Column extends string> {
  column: Column;
  direction: SortDirection;
}

/**
 * Per sortable column, the direction it starts in when first clicked: names A→Z ('ascending'),
 * dates newest first ('descending').
 */
export type FirstDirections<Column extends string> = Readonly<Record<Column, SortDirection>>;

/** The sort after a click on a column's header: the same column flips; another starts in its first direction. */
export function nextTableSort<Column extends string>(
  current: TableSort<Column>,
  column: Column,
  firstDirections: FirstDirections<Column>,
): TableSort<Column> {
  if (current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: firstDirections[column] };
}

/** A comparison's result turned for the direction: as is ascending, reversed descending. */
export function inDirection(comparison: number, direction: SortDirection): number {
  return direction === 'ascending' ? comparison : -comparison;
}

/**
 * A table's sort state for its headers (components/data-table.tsx): the current sort, a column's
 * direction (undefined when the table is not sorted by it) and the click on a header.
 */
export function useTableSort<Column extends string>(
  initial: TableSort<Column>,
  firstDirections: FirstDirections<Column>,
) {
  const [sort, setSort] = useState(initial);
  const directionOf = useCallback((column: Column) => (sort.column === column ? sort.direction : undefined), [sort]);
  const sortBy = useCallback(
    (column: Column) => setSort((current) => nextTableSort(current, column, firstDirections)),
    [firstDirections],
  );
  return { sort, directionOf, sortBy };
}
