import { useSyncExternalStore } from 'react';

/**
 * Whether the gateway can be reached, as the API calls find it: one home for it, so every screen
 * says the same thing at once. The API client (lib/api/client.ts) reports each call — any answer,
 * an error status included, means the gateway is there; a call that got no answer at all means the
 * connection is lost — and the shell shows the notice and probes until it is back
 * (components/connection-notice.tsx).
 */
let lost = false;
const listeners = new Set<() => void>();

/** Records what a call found; listeners hear only a change. */
export function reportConnection(reachable: boolean): void {
  if (lost === !reachable) return;
  lost = !reachable;
  for (const listener of listeners) listener();
}

export function isConnectionLost(): boolean {
  return lost;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the last call (or probe) got no answer from the gateway. */
export function useConnectionLost(): boolean {
  return useSyncExternalStore(subscribe, isConnectionLost);
}

/**
 * A call that failed without any answer: axios's network error (no `response`; a cancelled call has
 * code ERR_CANCELED and is not one), or fetch's TypeError ("Failed to fetch").
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { isAxiosError, response, code } = error as { isAxiosError?: unknown; response?: unknown; code?: unknown };
  return isAxiosError === true && response === undefined && code !== 'ERR_CANCELED';
}
