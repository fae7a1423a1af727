/**
 * One check per user in flight: a user's newer check supersedes the older one, whose tools are
 * killed at once (its answer is 409), so typing fast never queues a backlog of stale checks. Kept in
 * this gateway's memory: with several gateways, a user's checks that reach different ones do not
 * supersede each other (each is still bounded by the check rate and the tools' limits).
 */
export class CheckFlights {
  private readonly current = new Map<string, AbortController>();

  /** Starts `user`'s check, aborting the one in flight; `finish` must be called when it ends. */
  begin(user: string): { signal: AbortSignal; finish(): void } {
    this.current.get(user)?.abort();
    const controller = new AbortController();
    this.current.set(user, controller);
    return {
      signal: controller.signal,
      finish: () => {
        if (this.current.get(user) === controller) this.current.delete(user);
      },
    };
  }

  /** Checks in flight now. */
  get size(): number {
    return this.current.size;
  }

  /** Aborts every check (the gateway is closing). */
  abortAll(): void {
    for (const controller of this.current.values()) controller.abort();
    this.current.clear();
  }
}
