import useSWR from 'swr';
import { listApiKeys, listApiKeysKey } from '@/lib/api/api-keys';

export function useApiKeys() {
  return useSWR(listApiKeysKey(), listApiKeys);
}
