import { describe, expect, it } from 'vitest';
import type { Build } from '@cloud-compile/shared/api-types';
import { progressLine } from './progress';

const stages = ['IP', 'SYNTHESIS', 'ROUTE', 'BITSTREAM'].map((name) => ({
  name,
  status: 'pending',
  started_at: null,
  finished_at: null,
}));
const build = (patch: Partial<Build>): Build =>
  ({
    id: '0123456789abcdef01234567',
    status: 'queued',
    stage: null,
    queue_position: 2,
    queued_at: '2026-01-01T10:00:00.000Z',
    started_at: null,
    finished_at: null,
    stages,
    artifacts: [],
    error: null,
    ...patch,
  }) as Build;

describe('progressLine', () => {
  it('says where a build is, with a timer only when asked', () => {
    expect(progressLine(build({}))).toBe('Build 1234567 queued (position 2)');
    const running = build({
      status: 'running',
      stage: 'SYNTHESIS',
      queue_position: null,
      started_at: '2026-01-01T10:00:05.000Z',
    });
    expect(progressLine(running, new Date('2026-01-01T10:01:17.000Z'))).toBe(
      'Build 1234567 SYNTHESIS (stage 2/4, 1m12s)',
    );
    expect(progressLine(running, null)).toBe('Build 1234567 SYNTHESIS (stage 2/4)');
    const done = build({
      status: 'failed',
      started_at: '2026-01-01T10:00:05.000Z',
      finished_at: '2026-01-01T10:00:35.000Z',
    });
    expect(progressLine(done)).toBe('Build 1234567 failed in 30s');
  });
});
