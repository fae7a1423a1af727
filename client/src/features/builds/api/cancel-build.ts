import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { buildDetailsKey, cancelBuild, latestBuildKey, projectBuildsKey } from '@/lib/api/builds';
import type { Build } from '@/lib/api/schemas';
import { shortBuildId } from '@/lib/format';
import { withResultToast } from '@/lib/result-toast';

// The texts of spec §8, verbatim.
export const cancelFailedToastTitle = (buildId: string) => `Failed to cancel build: ${shortBuildId(buildId)}`;
export const CANCEL_FAILED_FALLBACK = 'An unknown error occurred.';

/**
 * Cancel a build by id (spec §4). Success is silent: the status turns Cancelled wherever the build is
 * shown (list, detail, latest build), which are refreshed here. Failure shows the spec's error toast;
 * the promise still resolves, so a button needs no error handling.
 */
export function useCancelBuild(): (buildId: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (buildId: string) => {
      let build: Build;
      try {
        build = await withResultToast(() => cancelBuild(buildId), {
          failure: cancelFailedToastTitle(buildId),
          fallback: CANCEL_FAILED_FALLBACK,
        });
      } catch {
        return; // told in the toast
      }
      await Promise.all([
        mutate(buildDetailsKey(buildId), build, { revalidate: false }),
        mutate(projectBuildsKey(build.project_id)),
        mutate(latestBuildKey(build.project_id)),
      ]);
    },
    [mutate],
  );
}
