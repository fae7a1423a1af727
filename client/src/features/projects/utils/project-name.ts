/** The contract's limit for a project name (ProjectCreate / ProjectRename: 1–100 characters, not only spaces). */
export const PROJECT_NAME_MAX_LENGTH = 100;

/**
 * Why a project name would be refused, or undefined when it is fine. Mirrors the contract's rules so
 * the user learns at the field, before a round trip; the server checks again (and alone knows about
 * names already taken).
 */
export function projectNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'Project name is required.';
  if (name.trim().length === 0) return 'Project name cannot be only spaces.';
  if (name.length > PROJECT_NAME_MAX_LENGTH) {
    return `Project name must be at most ${PROJECT_NAME_MAX_LENGTH} characters (it has ${name.length}).`;
  }
  return undefined;
}
