import { describe, expect, it } from 'vitest';
import { filterResult } from './project-list';

describe('filterResult', () => {
  it('says nothing without a filter, and how many names match with one', () => {
    expect(filterResult('', 3)).toBe('');
    expect(filterResult('   ', 3)).toBe('');
    expect(filterResult(' add ', 0)).toBe('No project name contains “add”.');
    expect(filterResult('add', 1)).toBe('1 project whose name contains “add”.');
    expect(filterResult('add', 4)).toBe('4 projects whose name contains “add”.');
  });
});
