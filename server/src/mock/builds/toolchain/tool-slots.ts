import { fairTurn, pruneServed } from '../../state/fair-turn.js';

export interface SlotTicket {
  /** Resolves when this build may run its tools. */
  ready: Promise<void>;
  /** Gives the slot back (or leaves the queue); safe to call more than once. */
  release(): void;
}

interface Waiter {
  group: string;
  grant(): void;
  onAhead(ahead: number): void;
  /** The place last told, so a waiter hears only changes. */
  told?: number;
}

let ungrouped = 0;

/**
 * At most `size` builds run tools at once (one tool process each, one per core); the rest wait and
 * hear how many wait ahead of them whenever that changes. Groups (client addresses) take turns as in
 * the shared queue (fairTurn): a freed slot goes to the first waiting build of a group with the
 * fewest running, so builds one address queued earlier do not all run before another's.
 */
export class ToolSlots {
  private readonly running: string[] = [];
  private readonly waiting: Waiter[] = [];
  private readonly lastServed = new Map<string, number>();
  private served = 0;

  constructor(readonly size: number) {}

  /** `group`: whose turn this is (by default a group of its own, as if first come first served). */
  acquire(onAhead: (ahead: number) => void, group = `\0${++ungrouped}`): SlotTicket {
    let state: 'waiting' | 'running' | 'released' = 'waiting';
    let grant!: () => void;
    const ready = new Promise<void>((resolve) => (grant = resolve));
    const waiter: Waiter = {
      group,
      grant: () => {
        state = 'running';
        this.running.push(group);
        grant();
      },
      onAhead,
    };
    this.waiting.push(waiter);
    this.drain();
    const release = () => {
      if (state === 'released') return;
      if (state === 'running') this.running.splice(this.running.indexOf(group), 1);
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
    pruneServed(this.lastServed, this.groupsOf(this.waiting), this.running);
    while (this.running.length < this.size && this.waiting.length > 0) {
      const [next] = this.waiting.splice(fairTurn(this.groupsOf(this.waiting), this.running, this.lastServed), 1);
      this.lastServed.set(next!.group, ++this.served);
      next!.grant();
    }
    // Each waiter's place in the order they would be granted if nothing changed.
    const pending = [...this.waiting];
    const granted = [...this.running];
    const served = new Map(this.lastServed);
    for (let ahead = 0, count = this.served; pending.length > 0; ahead++) {
      const [next] = pending.splice(fairTurn(this.groupsOf(pending), granted, served), 1);
      granted.push(next!.group);
      served.set(next!.group, ++count);
      if (next!.told !== ahead) next!.onAhead((next!.told = ahead));
    }
  }

  private groupsOf(waiters: readonly Waiter[]): string[] {
    return waiters.map((waiter) => waiter.group);
  }
}
