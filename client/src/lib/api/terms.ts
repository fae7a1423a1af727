import { getApiClient } from './client';

/** updateTerms (POST /api/identity/update-terms/{tos_version}): records that the user accepted this terms version. */
export async function updateTerms(tosVersion: number): Promise<void> {
  const api = await getApiClient();
  await api.updateTerms({ tos_version: tosVersion });
}

export const updateTermsKey = () => ['updateTerms'] as const;
