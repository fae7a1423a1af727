import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatDay, formatDuration, formatRelative, shortBuildId } from './format';

describe('format', () => {
  it('shows a build id as its last 7 characters', () => {
    expect(shortBuildId('b-0123456789abcdef')).toBe('9abcdef');
    expect(shortBuildId('abc')).toBe('abc');
  });

  it('writes dates the way the real product does', () => {
    const date = new Date(2025, 9, 16, 1, 9, 15);
    expect(formatDateTime(date)).toBe('16/Oct/2025 01:09:15');
    expect(formatDay(new Date(2025, 3, 8, 23, 0, 0))).toBe('8/Apr/2025');
  });

  it('says how long ago', () => {
    const now = new Date('2025-05-10T12:00:00Z');
    expect(formatRelative('2025-05-10T11:59:50Z', now)).toBe('just now');
    expect(formatRelative('2025-05-10T11:57:00Z', now)).toBe('3 minutes ago');
    expect(formatRelative('2025-04-08T12:00:00Z', now)).toBe('1 month ago');
  });

  it('formats durations, running ones up to now', () => {
    expect(formatDuration(null, null)).toBeNull();
    expect(formatDuration('2025-01-01T00:00:00Z', '2025-01-01T00:00:12Z')).toBe('12s');
    expect(formatDuration('2025-01-01T00:00:00Z', '2025-01-01T00:04:05Z')).toBe('4m 05s');
    expect(formatDuration('2025-01-01T00:00:00Z', '2025-01-01T01:02:03Z')).toBe('1h 02m 03s');
    expect(formatDuration('2025-01-01T00:00:00Z', null, new Date('2025-01-01T00:00:30Z'))).toBe('30s');
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });
});
