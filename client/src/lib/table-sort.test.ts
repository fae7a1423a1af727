import { describe, expect, it } from 'vitest';
import { inDirection, nextTableSort, type FirstDirections } from './table-sort';

type Column = 'name' | 'created';
const FIRST: FirstDirections<Column> = { name: 'ascending', created: 'descending' };

describe('nextTableSort', () => {
  it('flips the column the table is sorted by', () => {
    expect(nextTableSort({ column: 'created', direction: 'descending' }, 'created', FIRST)).toEqual({
      column: 'created',
      direction: 'ascending',
    });
    expect(nextTableSort({ column: 'name', direction: 'ascending' }, 'name', FIRST)).toEqual({
      column: 'name',
      direction: 'descending',
    });
  });

  it('starts another column in its own first direction, whatever the current one', () => {
    expect(nextTableSort({ column: 'created', direction: 'ascending' }, 'name', FIRST)).toEqual({
      column: 'name',
      direction: 'ascending',
    });
    expect(nextTableSort({ column: 'name', direction: 'ascending' }, 'created', FIRST)).toEqual({
      column: 'created',
      direction: 'descending',
    });
  });
});

describe('inDirection', () => {
  it('keeps a comparison ascending and reverses it descending', () => {
    expect(inDirection(3, 'ascending')).toBe(3);
    expect(inDirection(3, 'descending')).toBe(-3);
  });
});
