import type { Scope } from '@/lib/api/schemas';

/** The scopes an API key can hold, in the order the create dialog lists them, with what each allows. */
export const SCOPES: readonly { scope: Scope; meaning: string }[] = [
  { scope: 'projects:read', meaning: 'Read access to user projects, with limited read access to project builds.' },
  {
    scope: 'projects:write',
    meaning: 'Read and write access to user projects, with queue and limited read access to project builds.',
  },
  { scope: 'builds:read', meaning: 'Read access to user builds, including artifacts.' },
  {
    scope: 'builds:queue',
    meaning: 'Complete access to view all user builds, including artifacts, and to queue builds.',
  },
];

export const ALL_SCOPES: readonly Scope[] = SCOPES.map((entry) => entry.scope);

/** The chosen scopes in the canonical order, whatever order they were ticked in. */
export function orderedScopes(chosen: Iterable<Scope>): Scope[] {
  const set = new Set(chosen);
  return ALL_SCOPES.filter((scope) => set.has(scope));
}

/** The "Select all" box: checked when all are, mixed when some are. */
export function selectAllState(chosen: ReadonlySet<Scope>): boolean | 'mixed' {
  if (chosen.size === 0) return false;
  return ALL_SCOPES.every((scope) => chosen.has(scope)) ? true : 'mixed';
}
