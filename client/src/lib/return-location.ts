/**
 * The return location kept across sign-in is the current hash (spec §2), e.g. `#/editor/42`. The
 * SDK stores it under its random-prefixed key and hands it back to onRedirect after the round trip.
 */
export function currentReturnLocation(): string {
  return window.location.hash || '#/';
}

/** The router path to go back to, or null when the state is not one of ours (or is the app's root). */
export function pathFromReturnLocation(state: string | undefined | null): string | null {
  if (!state) return null;
  const path = state.startsWith('#') ? state.slice(1) : state;
  if (!path.startsWith('/') || path.startsWith('//') || path === '/') return null;
  return path;
}
