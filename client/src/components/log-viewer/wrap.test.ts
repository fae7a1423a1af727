import { describe, expect, it } from 'vitest';
import { wrappedRowCount } from './wrap';

describe('wrappedRowCount', () => {
  it('counts the rows a line fills at a given width', () => {
    expect(wrappedRowCount('', 80)).toBe(1);
    expect(wrappedRowCount('x'.repeat(80), 80)).toBe(1);
    expect(wrappedRowCount('x'.repeat(81), 80)).toBe(2);
    expect(wrappedRowCount('x'.repeat(400), 80)).toBe(5);
  });

  it('ignores escape sequences and counts an emoji as two columns', () => {
    expect(wrappedRowCount(`\u001b[31m${'x'.repeat(80)}\u001b[0m`, 80)).toBe(1);
    expect(wrappedRowCount('😀'.repeat(5), 10)).toBe(1);
    expect(wrappedRowCount('😀'.repeat(6), 10)).toBe(2);
  });

  it('expands tabs to the next multiple of 8', () => {
    expect(wrappedRowCount('\t'.repeat(10), 80)).toBe(1);
    expect(wrappedRowCount('\t'.repeat(11), 80)).toBe(2);
    expect(wrappedRowCount('ab\tc', 10)).toBe(1);
  });

  it('treats an unknown width as one row', () => {
    expect(wrappedRowCount('x'.repeat(500), 0)).toBe(1);
  });
});
