import { setTimeout as pause } from 'node:timers/promises';
import type { StateStore, WriteOptions } from './state-store.js';
import { contentionPauseMs } from './write-contention.js';

/** A JSON document as read: its value and the version a write over it must name. */
export interface StoredJson<T> {
  value: T;
  version: number;
}

export async function readJson<T>(store: StateStore, key: string): Promise<StoredJson<T> | null> {
  const document = await store.read(key);
  return document && { value: JSON.parse(document.value) as T, version: document.version };
}

/**
 * How often {@link updateJson} reads again after another gateway wrote first. Each retry means a
 * competing write succeeded, so running out needs a storm of writers on one document.
 */
const ATTEMPTS = 20;

export type Change<T> = { value: T; options?: WriteOptions } | null;

/**
 * Read-modify-write of one document that two gateways may change at once: `change` gets the current
 * value (null when there is none) and returns the new one, or null to leave it as it is; the write
 * names the version read, and on a competing write the whole step runs again on the fresh value.
 * Returns what was written (or null when `change` declined).
 */
export async function updateJson<T>(
  store: StateStore,
  key: string,
  change: (current: StoredJson<T> | null) => Change<T>,
): Promise<StoredJson<T> | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await pause(contentionPauseMs(attempt));
    const current = await readJson<T>(store, key);
    const next = change(current);
    if (!next) return null;
    const version = await store.write(key, JSON.stringify(next.value), current?.version ?? 0, next.options);
    if (version !== null) return { value: next.value, version };
  }
  throw new Error(`Too many concurrent changes of ${key}: try again`);
}
