import { useSyncExternalStore } from 'react';
import { NoAnswerError } from './api/operation-calls';

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
 * A call that failed without any answer: the API client's NoAnswerError (an aborted call is an
 * AbortError, not one), or fetch's own TypeError ("Failed to fetch": the API description, the probe).
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || error instanceof NoAnswerError;
}
