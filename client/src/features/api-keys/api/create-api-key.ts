import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { createApiKey, listApiKeysKey } from '@/lib/api/api-keys';
import type { Scope } from '@/lib/api/schemas';

/** Creates a key and refreshes the list. */
export function useCreateApiKey() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (name: string, scopes: Scope[]) => {
      const created = await createApiKey(name, scopes);
      await mutate(listApiKeysKey());
      return created;
    },
    [mutate],
  );
}
