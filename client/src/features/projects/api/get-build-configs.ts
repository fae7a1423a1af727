import useSWR from 'swr';
import { getApiClient } from '@/lib/api/client';

/** buildConfigs: the OS versions, hardware models and targets a project can be built for. */
export async function getBuildConfigs() {
  const api = await getApiClient();
  const response = await api.buildConfigs();
  return response.data;
}

export const getBuildConfigsKey = () => ['buildConfigs'] as const;

/** The build options, fetched only while `enabled` (an import link names a hardware model). */
export function useBuildConfigs(enabled = true) {
  return useSWR(enabled ? getBuildConfigsKey() : null, getBuildConfigs);
}
