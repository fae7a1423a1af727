import useSWRMutation from 'swr/mutation';
import { updateTerms, updateTermsKey } from '@/lib/api/terms';

/** Accepting the terms; the caller refetches user info afterwards (it lives in the sign-in SDK, not SWR). */
export function useUpdateTerms() {
  return useSWRMutation(updateTermsKey(), (_key, { arg }: { arg: number }) => updateTerms(arg));
}
