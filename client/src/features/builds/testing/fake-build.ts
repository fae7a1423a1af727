import type { Build } from '@/lib/api/schemas';

/** A build as the API answers it, with the fields a test cares about overridden. */
export function fakeBuild(overrides: Partial<Build> = {}): Build {
  return {
    id: 'b-0000000000abcdef1',
    project_id: 'p1',
    project_name: 'Adder',
    status: 'succeeded',
    stage: null,
    queue_position: null,
    config: { hardware: 'mk-pro', slots: 4, os_version: '4.1.1', target: 'CustomInstrument', interpolation: false },
    queued_at: '2025-10-16T01:09:15Z',
    started_at: '2025-10-16T01:09:20Z',
    finished_at: '2025-10-16T01:13:05Z',
    stages: [],
    artifacts: [],
    error: null,
    ...overrides,
  };
}
