import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { getApiClient } from '@/lib/api/client';
import type { Scope } from '@/lib/api/schemas';
import { listApiKeysKey } from './list-api-keys';

/** createApiKey: a new key; its secret is in this answer only. */
export async function createApiKey(name: string, scopes: Scope[]) {
  const [first, ...rest] = scopes;
  // The form checks this first; the contract's type wants at least one.
  if (!first) throw new Error('An API key needs at least one scope.');
  const api = await getApiClient();
  const response = await api.createApiKey(null, { name, scopes: [first, ...rest] });
  return response.data;
}

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
