import { useState } from 'react';
import useSWR from 'swr';
import { getProjectSimulations, projectSimulationsKey } from '@/lib/api/simulations';
import { isActiveSimulation } from './use-simulation';

/** How often the list is read again while one of its runs can still change (queued or running). */
const ACTIVE_REFRESH_MS = 2000;

/** The project's simulations, newest first; read again every ~2 s while any of them is queued or running. */
export function useProjectSimulations(projectId: string) {
  // A number changed only when activity flips: SWR restarts its timer whenever the option changes.
  const [refreshInterval, setRefreshInterval] = useState(0);
  const result = useSWR(projectSimulationsKey(projectId), () => getProjectSimulations(projectId), {
    refreshInterval,
  });
  const wanted = result.data?.some(isActiveSimulation) ? ACTIVE_REFRESH_MS : 0;
  if (wanted !== refreshInterval) setRefreshInterval(wanted);
  return result;
}
