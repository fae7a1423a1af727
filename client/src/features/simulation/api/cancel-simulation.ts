import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { cancelSimulation, projectSimulationsKey, simulationKey } from '@/lib/api/simulations';
import type { Simulation } from '@/lib/api/schemas';
import { shortBuildId } from '@/lib/format';
import { withResultToast } from '@/lib/result-toast';

export const cancelSimulationFailedTitle = (simulationId: string) =>
  `Failed to cancel simulation: ${shortBuildId(simulationId)}`;

/**
 * Cancel a simulation by id, as a build is cancelled: success is silent (its status turns Cancelled in the
 * list and on its page, both refreshed here); failure toasts the API's reason, and the promise still
 * resolves, so a button needs no error handling.
 */
export function useCancelSimulation(): (simulationId: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (simulationId: string) => {
      let simulation: Simulation;
      try {
        simulation = await withResultToast(() => cancelSimulation(simulationId), {
          failure: cancelSimulationFailedTitle(simulationId),
        });
      } catch {
        return; // told in the toast
      }
      await Promise.all([
        mutate(simulationKey(simulationId), simulation, { revalidate: false }),
        mutate(projectSimulationsKey(simulation.project_id)),
      ]);
    },
    [mutate],
  );
}
