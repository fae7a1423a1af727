import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@/lib/api/schemas';
import { nextTableSort } from '@/lib/table-sort';
import { API_KEY_SORT_STARTS, DEFAULT_API_KEY_SORT, sortApiKeys } from './api-key-table';

const key = (id: string, name: string, createdAt: string): ApiKey => ({
  id,
  name,
  scopes: ['builds:read'],
  prefix: 'cc_',
  created_at: createdAt,
  last_used_at: null,
});

const keys = [
  key('1', 'beta', '2025-01-02T00:00:00Z'),
  key('2', 'Alpha', '2025-01-03T00:00:00Z'),
  key('3', 'gamma', '2025-01-01T00:00:00Z'),
];
const names = (list: ApiKey[]) => list.map((k) => k.name);

describe('sortApiKeys', () => {
  it('puts the newest key first by default', () => {
    expect(names(sortApiKeys(keys, DEFAULT_API_KEY_SORT))).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names(sortApiKeys(keys, { column: 'created', direction: 'ascending' }))).toEqual(['gamma', 'beta', 'Alpha']);
  });

  it('sorts by name ignoring case', () => {
    expect(names(sortApiKeys(keys, { column: 'name', direction: 'ascending' }))).toEqual(['Alpha', 'beta', 'gamma']);
    expect(names(sortApiKeys(keys, { column: 'name', direction: 'descending' }))).toEqual(['gamma', 'beta', 'Alpha']);
  });

  it('flips the sorted column, and starts names A to Z', () => {
    expect(nextTableSort(DEFAULT_API_KEY_SORT, 'created', API_KEY_SORT_STARTS)).toEqual({
      column: 'created',
      direction: 'ascending',
    });
    expect(nextTableSort(DEFAULT_API_KEY_SORT, 'name', API_KEY_SORT_STARTS)).toEqual({
      column: 'name',
      direction: 'ascending',
    });
  });
});
