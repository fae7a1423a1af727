import type { ApiKey } from '@/lib/api/schemas';
import { compareNames, type SortDirection } from '@/lib/sort';

export type ApiKeySortColumn = 'name' | 'created';

export interface ApiKeySort {
  column: ApiKeySortColumn;
  direction: SortDirection;
}

/** Newest key first. */
export const DEFAULT_API_KEY_SORT: ApiKeySort = { column: 'created', direction: 'descending' };

/** The keys in the order of `sort`; ties fall back to the creation time, so the order is stable. */
export function sortApiKeys(keys: readonly ApiKey[], sort: ApiKeySort): ApiKey[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const created = (key: ApiKey) => new Date(key.created_at).getTime();
  return [...keys].sort((a, b) => {
    const primary = sort.column === 'name' ? compareNames(a.name, b.name) : created(a) - created(b);
    return sign * primary || created(a) - created(b) || a.id.localeCompare(b.id);
  });
}

/** After a click on a header: the same column flips; a new one starts A→Z or newest first. */
export function nextApiKeySort(current: ApiKeySort, column: ApiKeySortColumn): ApiKeySort {
  if (current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: column === 'name' ? 'ascending' : 'descending' };
}
