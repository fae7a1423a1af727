import useSWR from 'swr';
import { getApiClient } from './client';
import type { BuildConfigOptions } from './schemas';

/** buildConfigs: the OS versions, hardware models, target interfaces and interpolation option to choose from. */
export async function getBuildConfigs(): Promise<BuildConfigOptions> {
  const api = await getApiClient();
  const response = await api.buildConfigs();
  return response.data;
}

export const buildConfigsKey = () => ['buildConfigs'] as const;

/**
 * The build configuration options, for every feature that shows them (one hook, so one cache policy
 * whichever mounts first). They change with platform releases, not while a page is open: not re-read
 * on focus or when stale. Fetched only while `enabled`.
 */
export function useBuildConfigs(enabled = true) {
  return useSWR(enabled ? buildConfigsKey() : null, getBuildConfigs, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}
