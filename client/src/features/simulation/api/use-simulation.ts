import useSWR from 'swr';
import { getSimulation, getSimulationSignals, simulationKey, simulationSignalsKey } from '@/lib/api/simulations';
import type { Simulation } from '@/lib/api/schemas';

export const isActiveSimulation = (simulation: Pick<Simulation, 'status'> | undefined) =>
  simulation?.status === 'queued' || simulation?.status === 'running';

/** One simulation, read again every second while it is queued or running. */
export function useSimulation(simulationId: string) {
  return useSWR(simulationKey(simulationId), () => getSimulation(simulationId), {
    refreshInterval: (latest) => (!latest || isActiveSimulation(latest) ? 1000 : 0),
  });
}

/** The signals a finished run recorded (fetched once it has finished: a run's recording never changes after). */
export function useSimulationSignals(simulationId: string, finished: boolean) {
  return useSWR(finished ? simulationSignalsKey(simulationId) : null, () => getSimulationSignals(simulationId), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}
