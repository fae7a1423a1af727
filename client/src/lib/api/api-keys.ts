// The API-key operations of the compile API: each one's fetcher and, for reads, its SWR cache key.
import { getApiClient } from './client';
import type { ApiKey, CreatedApiKey, Scope } from './schemas';

/** listApiKeys: the signed-in user's API keys (never their secrets). */
export async function listApiKeys(): Promise<ApiKey[]> {
  const api = await getApiClient();
  const response = await api.listApiKeys();
  return response.data;
}

export const listApiKeysKey = () => ['listApiKeys'] as const;

/** createApiKey: a new key; its secret is in this answer only. */
export async function createApiKey(name: string, scopes: Scope[]): Promise<CreatedApiKey> {
  const [first, ...rest] = scopes;
  // The form checks this first; the contract's type wants at least one.
  if (!first) throw new Error('An API key needs at least one scope.');
  const api = await getApiClient();
  const response = await api.createApiKey(null, { name, scopes: [first, ...rest] });
  return response.data;
}

/** deleteApiKey: revokes a key; calls with it are refused from then on. */
export async function deleteApiKey(keyId: string): Promise<void> {
  const api = await getApiClient();
  await api.deleteApiKey({ key_id: keyId });
}
