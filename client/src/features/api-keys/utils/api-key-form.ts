import type { Scope } from '@/lib/api/schemas';

/** The contract's limit for an API key name (ApiKeyCreate: 1–100 characters, not only spaces). */
export const API_KEY_NAME_MAX_LENGTH = 100;

export interface ApiKeyFormProblems {
  name?: string;
  scopes?: string;
}

/** What would make createApiKey refuse this form, field by field (empty when it is fine). */
export function apiKeyFormProblems(name: string, scopes: ReadonlySet<Scope>): ApiKeyFormProblems {
  const problems: ApiKeyFormProblems = {};
  if (name.length === 0) problems.name = 'API key name is required.';
  else if (name.trim().length === 0) problems.name = 'API key name cannot be only spaces.';
  else if (name.length > API_KEY_NAME_MAX_LENGTH) {
    problems.name = `API key name must be at most ${API_KEY_NAME_MAX_LENGTH} characters (it has ${name.length}).`;
  }
  if (scopes.size === 0) problems.scopes = 'Choose at least one scope.';
  return problems;
}
