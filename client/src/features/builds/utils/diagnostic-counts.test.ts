import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '@/lib/api/schemas';
import { diagnosticSummary, queueText } from './diagnostic-counts';

const d = (severity: Diagnostic['severity'], origin: Diagnostic['origin']): Diagnostic => ({
  file: 'a.vhd',
  line: 1,
  column: null,
  severity,
  message: 'm',
  origin,
});

describe('diagnosticSummary', () => {
  it("counts the user's errors and warnings apart from the platform's", () => {
    expect(
      diagnosticSummary([
        d('error', 'user'),
        d('warning', 'user'),
        d('warning', 'user'),
        d('warning', 'user'),
        d('warning', 'platform'),
      ]),
    ).toBe('1 error · 3 warnings in your files · 1 from the platform');
  });

  it('counts platform notes apart from errors and warnings', () => {
    expect(diagnosticSummary([d('note', 'user'), d('warning', 'user'), d('note', 'user')])).toBe(
      '0 errors · 1 warning in your files · 2 platform notes · 0 from the platform',
    );
  });
});

describe('diagnosticSummary of a failed build', () => {
  it('says a build failed for the platform when no error was found (not "0 errors · 0 warnings")', () => {
    const platformFailure = 'Failed for the platform, not for an error in your design: see the build’s error';
    expect(diagnosticSummary([], 'failed')).toBe(platformFailure);
    expect(diagnosticSummary([d('warning', 'user')], 'failed')).toBe(platformFailure);
    expect(diagnosticSummary([d('error', 'user')], 'failed')).toBe(
      '1 error · 0 warnings in your files · 0 from the platform',
    );
    expect(diagnosticSummary([], 'succeeded')).toBe('0 errors · 0 warnings in your files · 0 from the platform');
  });
});

describe('queueText', () => {
  it('says how many builds wait ahead', () => {
    expect([queueText(3), queueText(1), queueText(null)]).toEqual([
      'queued, 2 ahead',
      'queued, next',
      'waiting in queue',
    ]);
  });
});
