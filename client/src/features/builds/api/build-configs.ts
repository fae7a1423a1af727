import useSWR from 'swr';
import { getApiClient } from '@/lib/api/client';
import type { BuildConfigOptions } from '@/lib/api/schemas';

/** buildConfigs: the OS versions, hardware models, target interfaces and interpolation option to choose from. */
export async function getBuildConfigs(): Promise<BuildConfigOptions> {
  const api = await getApiClient();
  const response = await api.buildConfigs();
  return response.data;
}

export const buildConfigsKey = () => ['buildConfigs'] as const;

/** The build configuration options. They change with platform releases, not while a page is open. */
export function useBuildConfigs() {
  return useSWR(buildConfigsKey(), getBuildConfigs, { revalidateOnFocus: false, revalidateIfStale: false });
}
