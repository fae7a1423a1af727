import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { toast } from 'sonner';
import { latestBuildKey, newProjectBuild, projectBuildsKey } from '@/lib/api/builds';
import { errorMessage } from '@/lib/api/error-message';
import type { Build } from '@/lib/api/schemas';
import { configSavesSettled } from './config-saves';

// The texts of spec §8, verbatim.
export const queuedToastTitle = (projectName: string) => `Build queued for project: ${projectName}`;
export const QUEUED_TOAST_DETAIL =
  'The build has been successfully queued. You can view build progress under "Build Logs" at the bottom of the editor.';
export const queueFailedToastTitle = (projectName: string | undefined) =>
  `Failed to queue a new build for project: ${projectName || 'Unknown'}`;
export const QUEUE_FAILED_FALLBACK =
  'An unknown error occurred while attempting to queue the build. Please try again later.';

/**
 * Queue a build (spec §4 "Build"): queues it, refreshes the build list and the latest build, then
 * shows the info toast. On failure shows the error toast with the API's message and resolves null,
 * so callers (Build button, F8) need no error handling of their own.
 */
export function useQueueBuild(projectId: string, projectName: string | undefined): () => Promise<Build | null> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    let build: Build;
    try {
      // A configuration change saved a moment ago must be the one this build uses.
      await configSavesSettled(projectId);
      build = await newProjectBuild(projectId);
    } catch (error) {
      toast.error(queueFailedToastTitle(projectName), { description: errorMessage(error, QUEUE_FAILED_FALLBACK) });
      return null;
    }
    await Promise.all([
      mutate(projectBuildsKey(projectId)),
      // The new build is the latest: show it at once (the Build Logs panel switches to it), then re-read.
      mutate(latestBuildKey(projectId), build, { revalidate: true }),
    ]);
    toast.info(queuedToastTitle(projectName || build.project_name), { description: QUEUED_TOAST_DETAIL });
    return build;
  }, [mutate, projectId, projectName]);
}
