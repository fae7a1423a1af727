import useSWR from 'swr';
import { simulationsAvailable, simulationsAvailableKey } from '@/lib/api/simulations';

/**
 * Whether this API runs simulations (its operations document has startSimulation). Undefined while the
 * document loads; false against an API without them, so Simulate stays hidden rather than failing.
 */
export function useSimulationsAvailable(): boolean | undefined {
  const { data } = useSWR(simulationsAvailableKey(), simulationsAvailable, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return data;
}
