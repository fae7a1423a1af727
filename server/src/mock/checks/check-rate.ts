const MINUTE_MS = 60_000;

/**
 * Checks each user started in the last minute (MOCK_MAX_CHECKS_PER_MINUTE), in this gateway's memory:
 * a check costs a tool run, so a script cannot keep the machine's cores busy by posting drafts. Users
 * with no check in the last minute are forgotten, so the map stays as small as the active users.
 */
export class CheckRate {
  private readonly starts = new Map<string, number[]>();

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a check of `user`; the seconds to wait instead when the limit is reached (nothing counted). */
  take(user: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const now = this.now();
    this.forgetIdle(now);
    const recent = (this.starts.get(user) ?? []).filter((t) => t > now - MINUTE_MS);
    if (recent.length >= this.perMinute) {
      this.starts.set(user, recent);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((recent[0]! + MINUTE_MS - now) / 1000)) };
    }
    recent.push(now);
    this.starts.set(user, recent);
    return { ok: true };
  }

  private lastSweep = 0;

  private forgetIdle(now: number): void {
    if (now - this.lastSweep < MINUTE_MS) return;
    this.lastSweep = now;
    for (const [user, times] of this.starts) if (times.at(-1)! <= now - MINUTE_MS) this.starts.delete(user);
  }
}
