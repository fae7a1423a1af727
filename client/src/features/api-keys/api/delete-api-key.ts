import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { getApiClient } from '@/lib/api/client';
import type { ApiKey } from '@/lib/api/schemas';
import { listApiKeysKey } from './list-api-keys';

/** deleteApiKey: revokes a key; calls with it are refused from then on. */
export async function deleteApiKey(keyId: string) {
  const api = await getApiClient();
  await api.deleteApiKey({ key_id: keyId });
}

/** Revokes a key: it leaves the list at once, and comes back if the server refuses. */
export function useDeleteApiKey() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (keyId: string) => {
      await mutate<ApiKey[]>(
        listApiKeysKey(),
        async (keys) => {
          await deleteApiKey(keyId);
          return keys?.filter((key) => key.id !== keyId);
        },
        {
          optimisticData: (keys) => (keys ?? []).filter((key) => key.id !== keyId),
          rollbackOnError: true,
          revalidate: true,
        },
      );
    },
    [mutate],
  );
}
