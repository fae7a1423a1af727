/** Requests per path kept at most; then the memo starts afresh. */
export const PATH_MEMO_ENTRIES = 10_000;

/**
 * Longest request key (method and path) kept. The app's paths are far shorter (an id and a file
 * name); a stranger's 16 KB paths, each a new key, would otherwise pin 160 MB until the memo clears,
 * with no sign-in needed (routing runs before authentication).
 */
export const PATH_MEMO_KEY_CHARS = 256;

/**
 * What the mock worked out from a request's method and path alone (its operation, its parsed
 * parameters), kept for recent paths: bounded in entries and in the length of each key.
 */
export class PathMemo<V> {
  private readonly entries = new Map<string, V>();

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` under `key` unless the key is too long to keep; returns `value`. */
  remember(key: string, value: V): V {
    if (key.length > PATH_MEMO_KEY_CHARS) return value;
    if (this.entries.size >= PATH_MEMO_ENTRIES) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
