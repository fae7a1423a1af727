import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from './diagnostics.js';
import type { BuildProgress } from './runner.js';
import { throttleDiagnostics } from './throttled-diagnostics.js';

const warning = (line: number): Diagnostic => ({
  file: 'top.vhd',
  line,
  column: 1,
  severity: 'warning',
  message: `w${line}`,
  origin: 'user',
});

function recorder() {
  const calls: string[] = [];
  const progress: BuildProgress = {
    stageStarted: (stage) => calls.push(`start ${stage}`),
    log: () => calls.push('log'),
    stageFinished: (stage, outcome) => calls.push(`finish ${stage} ${outcome}`),
    finished: (outcome) => calls.push(`done ${outcome.status}`),
    diagnostics: (list) => calls.push(`diagnostics ${list.length}`),
  };
  return { calls, progress };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('throttleDiagnostics', () => {
  it('passes on a thousand lists from one burst as two: the first at once, the newest after the interval', () => {
    const { calls, progress } = recorder();
    const throttled = throttleDiagnostics(progress, 500);
    const list: Diagnostic[] = [];
    for (let line = 1; line <= 1000; line++) {
      list.push(warning(line));
      throttled.diagnostics!([...list]);
    }
    expect(calls).toEqual(['diagnostics 1']);
    vi.advanceTimersByTime(499);
    expect(calls).toEqual(['diagnostics 1']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['diagnostics 1', 'diagnostics 1000']);
    vi.advanceTimersByTime(5_000);
    expect(calls).toHaveLength(2);
  });

  it('passes on what it holds before the stage ends and before the build finishes, never after', () => {
    const { calls, progress } = recorder();
    const throttled = throttleDiagnostics(progress, 500);
    throttled.stageStarted('SYNTHESIS');
    throttled.diagnostics!([warning(1)]);
    throttled.diagnostics!([warning(1), warning(2)]);
    throttled.stageFinished('SYNTHESIS', 'failed');
    throttled.diagnostics!([warning(1), warning(2), warning(3)]);
    throttled.finished({ status: 'failed', error: 'SYNTHESIS failed' });
    vi.advanceTimersByTime(5_000);
    expect(calls).toEqual([
      'start SYNTHESIS',
      'diagnostics 1',
      'diagnostics 2',
      'finish SYNTHESIS failed',
      'diagnostics 3',
      'done failed',
    ]);
  });

  it('leaves a progress without diagnostics as it is', () => {
    const { progress } = recorder();
    const without = { ...progress, diagnostics: undefined };
    expect(throttleDiagnostics(without)).toBe(without);
  });
});
