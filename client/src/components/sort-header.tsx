import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SortDirection } from '@/lib/sort';
import './sort-header.css';

export interface SortHeaderProps {
  label: ReactNode;
  /** The direction when the table is sorted by this column, else undefined. */
  direction: SortDirection | undefined;
  onSort(): void;
}

/** A column header that sorts the table: a button inside the <th>, which carries aria-sort. */
export function SortHeader({ label, direction, onSort }: SortHeaderProps) {
  const Icon = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction ?? 'none'}>
      <button type="button" className="sort-button" onClick={onSort}>
        {label}
        <Icon size={14} aria-hidden="true" className={direction ? undefined : 'sort-icon-idle'} />
      </button>
    </th>
  );
}
