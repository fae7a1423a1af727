import { describe, expect, it } from 'vitest';
import { formatByteSize, type ByteSizeStyle } from './byte-size.js';

const oneDecimalUnderTen: ByteSizeStyle = { units: ['B', 'KB', 'MB', 'GB'], digits: (value) => (value < 10 ? 1 : 0) };
const trimmed: ByteSizeStyle = {
  units: ['bytes', 'KiB', 'MiB'],
  digits: (_v, unit) => (unit === 1 ? 1 : 2),
  trimZeros: true,
};

describe('formatByteSize', () => {
  it('keeps counts under 1024 in the first unit, whole', () => {
    expect(formatByteSize(0, oneDecimalUnderTen)).toBe('0 B');
    expect(formatByteSize(1023, trimmed)).toBe('1023 bytes');
  });

  it('scales by 1024 to the largest unit the count fills, with the style’s digits', () => {
    expect(formatByteSize(1536, oneDecimalUnderTen)).toBe('1.5 KB');
    expect(formatByteSize(20 * 1024 * 1024, oneDecimalUnderTen)).toBe('20 MB');
    expect(formatByteSize(3 * 1024 ** 3, oneDecimalUnderTen)).toBe('3.0 GB');
  });

  it('stops at the last unit, however large the count', () => {
    expect(formatByteSize(5 * 1024 ** 3, trimmed)).toBe('5120 MiB');
  });

  it('drops trailing zeros when the style says so', () => {
    expect(formatByteSize(2 * 1024 * 1024, trimmed)).toBe('2 MiB');
    expect(formatByteSize(2458, trimmed)).toBe('2.4 KiB');
    expect(formatByteSize(1024 * 1024 + 5243, trimmed)).toBe('1.01 MiB');
  });
});
