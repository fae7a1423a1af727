import type { Build, BuildStageName, BuildStatus } from '@/lib/api/schemas';

/** The stages every build goes through, in order (the log viewer shows the ones not reached yet greyed). */
export const BUILD_STAGES: readonly BuildStageName[] = ['IP', 'SYNTHESIS', 'ROUTE', 'BITSTREAM'];

/** How the log viewer marks the last stage of a finished build; undefined while it runs. */
export function logOutcome(status: BuildStatus): 'succeeded' | 'failed' | 'cancelled' | undefined {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled' ? status : undefined;
}

/** The stages the build skipped (a check build's ROUTE and BITSTREAM): not run, which the stage bar must not tick. */
export function skippedStages(build: Pick<Build, 'stages'>): BuildStageName[] {
  return build.stages.filter((stage) => stage.status === 'skipped').map((stage) => stage.name);
}
