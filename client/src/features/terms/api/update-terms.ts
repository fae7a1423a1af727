import useSWRMutation from 'swr/mutation';
import { getApiClient } from '@/lib/api/client';

/** POST /api/identity/update-terms/{tos_version}: records that the user accepted this terms version. */
export async function updateTerms(tosVersion: number): Promise<void> {
  const api = await getApiClient();
  await api.updateTerms({ tos_version: tosVersion });
}

export const updateTermsKey = () => ['updateTerms'] as const;

/** Accepting the terms; the caller refetches user info afterwards (it lives in the sign-in SDK, not SWR). */
export function useUpdateTerms() {
  return useSWRMutation(updateTermsKey(), (_key, { arg }: { arg: number }) => updateTerms(arg));
}
