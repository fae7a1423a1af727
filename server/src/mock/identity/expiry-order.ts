/**
 * Keys in the order they expire, for entries that live a fixed time from their last touch (a token
 * lifetime): touching moves a key to the end, so the expired ones are always at the front and a
 * sweep visits only those: O(expired), not O(all). A Map keeps insertion order, which is all this
 * needs; callers must touch with non-decreasing expiry times (one fixed lifetime per order).
 */
export class ExpiryOrder {
  private readonly expiries = new Map<string, number>();

  /** Records (or moves to the end) a key that now expires at `expiresAt`. */
  touch(key: string, expiresAt: number): void {
    this.expiries.delete(key);
    this.expiries.set(key, expiresAt);
  }

  delete(key: string): void {
    this.expiries.delete(key);
  }

  /** Removes and returns the keys whose time is at or before `now`, stopping at the first live one. */
  takeExpired(now: number): string[] {
    const expired: string[] = [];
    for (const [key, expiresAt] of this.expiries) {
      if (expiresAt > now) break;
      this.expiries.delete(key);
      expired.push(key);
    }
    return expired;
  }

  get size(): number {
    return this.expiries.size;
  }
}
