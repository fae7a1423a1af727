import useSWR from 'swr';
import { getApiClient } from '@/lib/api/client';

/** listApiKeys: the signed-in user's API keys (never their secrets). */
export async function listApiKeys() {
  const api = await getApiClient();
  const response = await api.listApiKeys();
  return response.data;
}

export const listApiKeysKey = () => ['listApiKeys'] as const;

export function useApiKeys() {
  return useSWR(listApiKeysKey(), listApiKeys);
}
