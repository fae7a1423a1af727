export interface SlotTicket {
  /** Resolves when this build may run its tools. */
  ready: Promise<void>;
  /** Gives the slot back (or leaves the queue); safe to call more than once. */
  release(): void;
}

interface Waiter {
  grant(): void;
  onAhead(ahead: number): void;
}

/**
 * At most `size` builds run tools at once (one tool process each, one per core); the rest wait in
 * arrival order and hear how many wait ahead of them whenever that changes.
 */
export class ToolSlots {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(readonly size: number) {}

  acquire(onAhead: (ahead: number) => void): SlotTicket {
    let state: 'waiting' | 'running' | 'released' = 'waiting';
    let grant!: () => void;
    const ready = new Promise<void>((resolve) => (grant = resolve));
    const waiter: Waiter = {
      grant: () => {
        state = 'running';
        this.running++;
        grant();
      },
      onAhead,
    };
    if (this.running < this.size) waiter.grant();
    else {
      this.waiting.push(waiter);
      onAhead(this.waiting.length - 1);
    }
    const release = () => {
      if (state === 'released') return;
      if (state === 'running') this.running--;
      else this.waiting.splice(this.waiting.indexOf(waiter), 1);
      state = 'released';
      this.drain();
    };
    return { ready, release };
  }

  /** Builds waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  private drain(): void {
    while (this.running < this.size && this.waiting.length > 0) this.waiting.shift()!.grant();
    this.waiting.forEach((waiter, index) => waiter.onAhead(index));
  }
}
