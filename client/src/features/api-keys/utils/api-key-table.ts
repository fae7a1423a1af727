import type { DataTableColumn } from '@/components/data-table';
import type { ApiKey } from '@/lib/api/schemas';
import { compareNames } from '@/lib/sort';
import { inDirection, type FirstDirections, type TableSort } from '@/lib/table-sort';

export type ApiKeySortColumn = 'name' | 'created';
export type ApiKeySort = TableSort<ApiKeySortColumn>;

/** Newest key first. */
export const DEFAULT_API_KEY_SORT: ApiKeySort = { column: 'created', direction: 'descending' };

/** A column first clicked sorts names A→Z, dates newest first. */
export const API_KEY_SORT_STARTS: FirstDirections<ApiKeySortColumn> = { name: 'ascending', created: 'descending' };

export const API_KEY_COLUMNS: readonly DataTableColumn<ApiKeySortColumn>[] = [
  { label: 'NAME', sortBy: 'name' },
  { label: 'SCOPES' },
  { label: 'CREATED', sortBy: 'created' },
];

/** The keys in the order of `sort`; ties fall back to the creation time, so the order is stable. */
export function sortApiKeys(keys: readonly ApiKey[], sort: ApiKeySort): ApiKey[] {
  const created = (key: ApiKey) => new Date(key.created_at).getTime();
  return [...keys].sort((a, b) => {
    const primary = sort.column === 'name' ? compareNames(a.name, b.name) : created(a) - created(b);
    return inDirection(primary, sort.direction) || created(a) - created(b) || a.id.localeCompare(b.id);
  });
}
