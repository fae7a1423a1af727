import { describe, expect, it } from 'vitest';
import type { Build, ProjectSummary } from '@/lib/api/schemas';
import { ACTIVE_BUILD_REFRESH_MS, projectsRefreshInterval } from './use-projects';

const withBuild = (status: Build['status'] | null) =>
  ({ id: String(status), name: String(status), latest_build: status ? ({ status } as Build) : null }) as ProjectSummary;

describe('projectsRefreshInterval', () => {
  it('refreshes while a latest build is queued or running, and not otherwise', () => {
    expect(projectsRefreshInterval(undefined)).toBe(0);
    expect(projectsRefreshInterval([withBuild(null), withBuild('succeeded'), withBuild('failed')])).toBe(0);
    expect(projectsRefreshInterval([withBuild('succeeded'), withBuild('running')])).toBe(ACTIVE_BUILD_REFRESH_MS);
    expect(projectsRefreshInterval([withBuild('queued')])).toBe(ACTIVE_BUILD_REFRESH_MS);
  });
});
