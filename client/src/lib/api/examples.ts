import { getApiClient } from './client';
import type { Example } from './schemas';

/** listExamples: the example projects a user can import. */
export async function listExamples(): Promise<Example[]> {
  const api = await getApiClient();
  const response = await api.listExamples();
  return response.data;
}

export const listExamplesKey = () => ['listExamples'] as const;
