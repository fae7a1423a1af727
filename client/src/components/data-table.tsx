import type { ReactNode } from 'react';
import { SortHeader } from './sort-header';
import type { SortDirection } from '@/lib/sort';

export interface DataTableColumn<Column extends string> {
  label: string;
  /** The sort column a click on this header sorts by; none: the column does not sort. */
  sortBy?: Column;
}

export interface DataTableProps<Column extends string> {
  /** Read by screen readers only (the page's heading shows what the table is). */
  caption: string;
  /** Classes besides `data-table` (e.g. `card-table`, which stacks rows as cards on a phone). */
  className?: string;
  columns: readonly DataTableColumn<Column>[];
  /** A sortable column's direction, undefined when the table is not sorted by it (lib/table-sort.ts). */
  directionOf?(column: Column): SortDirection | undefined;
  onSort?(column: Column): void;
  /** The rows; each ends with its actions cell, under the last (visually hidden) "Actions" header. */
  children: ReactNode;
}

/**
 * The app's list table (API keys, projects, builds): a hidden caption, headers that sort where a
 * column can, and a last column for each row's actions.
 */
export function DataTable<Column extends string>({
  caption,
  className,
  columns,
  directionOf,
  onSort,
  children,
}: DataTableProps<Column>) {
  return (
    <table className={className ? `data-table ${className}` : 'data-table'}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map(({ label, sortBy }) =>
            sortBy && onSort ? (
              <SortHeader key={label} label={label} direction={directionOf?.(sortBy)} onSort={() => onSort(sortBy)} />
            ) : (
              <th key={label} scope="col">
                {label}
              </th>
            ),
          )}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
