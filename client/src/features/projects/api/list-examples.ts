import useSWR from 'swr';
import { getApiClient } from '@/lib/api/client';

/** listExamples: the example projects a user can import. */
export async function listExamples() {
  const api = await getApiClient();
  const response = await api.listExamples();
  return response.data;
}

export const listExamplesKey = () => ['listExamples'] as const;

/** The examples, fetched only while `enabled` (the import dialog is open). */
export function useExamples(enabled = true) {
  return useSWR(enabled ? listExamplesKey() : null, listExamples);
}
