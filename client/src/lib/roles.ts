/**
 * The role rule of spec §6: with no role given any signed-in user passes; otherwise the user needs
 * at least one of the allowed roles (one or a list).
 */
export function hasAllowedRole(
  userRoles: readonly unknown[] | undefined,
  allowed?: string | readonly string[],
): boolean {
  if (allowed === undefined) return true;
  const allowedList = typeof allowed === 'string' ? [allowed] : allowed;
  if (allowedList.length === 0) return true;
  return allowedList.some((role) => userRoles?.includes(role) ?? false);
}
