import type { AppUserInfo } from '@/lib/user-info';

const MAX_INITIALS = 2;

/** First letter of each space-separated word, uppercased, at most two characters. */
export function initialsOf(text: string): string {
  const letters = text
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
  // Slice after uppercasing: some letters grow (ß → SS) and the limit is on what is shown.
  return Array.from(letters).slice(0, MAX_INITIALS).join('');
}

/**
 * The avatar's text (spec §3): initials of the name, else of the email; `U` while a signed-in
 * user's info is not loaded yet; `?` when signed out.
 */
export function avatarInitials(isLoggedIn: boolean, userInfo: Pick<AppUserInfo, 'name' | 'email'> | null): string {
  if (!isLoggedIn) return '?';
  if (!userInfo) return 'U';
  const fromName = initialsOf(userInfo.name ?? '');
  if (fromName) return fromName;
  return initialsOf(userInfo.email ?? '') || 'U';
}
