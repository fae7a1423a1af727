import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { deleteApiKey, listApiKeysKey } from '@/lib/api/api-keys';
import type { ApiKey } from '@/lib/api/schemas';

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
