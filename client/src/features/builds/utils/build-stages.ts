import type { BuildStageName, BuildStatus } from '@/lib/api/schemas';

/** The stages every build goes through, in order (the log viewer shows the ones not reached yet greyed). */
export const BUILD_STAGES: readonly BuildStageName[] = ['IP', 'SYNTHESIS', 'ROUTE', 'BITSTREAM'];

/** How the log viewer marks the last stage of a finished build; undefined while it runs. */
export function logOutcome(status: BuildStatus): 'succeeded' | 'failed' | 'cancelled' | undefined {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled' ? status : undefined;
}
