/** An injected failure for front-end resilience tests. */
export interface Fault {
  /** The operation it hits, or `*` for every operation. */
  operationId: string;
  /** Answer with this status and `{"detail": detail}`… */
  status: number;
  detail: string;
  /** …or drop the connection without an answer. */
  drop: boolean;
  /** How many more requests it hits; null = until cleared. */
  remaining: number | null;
}

/**
 * The admin API's knobs, read by the mock API on every request: per-operation latency and
 * injected faults. `*` applies to every operation an operation-specific entry does not cover.
 */
export class MockControls {
  private readonly latency = new Map<string, number>();
  private faults: Fault[] = [];

  setLatency(operationId: string, ms: number): void {
    if (ms === 0) this.latency.delete(operationId);
    else this.latency.set(operationId, ms);
  }

  latencyFor(operationId: string): number {
    return this.latency.get(operationId) ?? this.latency.get('*') ?? 0;
  }

  addFault(fault: Fault): void {
    this.faults.push(fault);
  }

  /** The fault that hits this request (counting it down), operation-specific ones first. */
  takeFault(operationId: string): Fault | undefined {
    const fault =
      this.faults.find((f) => f.operationId === operationId) ?? this.faults.find((f) => f.operationId === '*');
    if (!fault) return undefined;
    if (fault.remaining !== null && --fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return { ...fault };
  }

  clearLatency(): void {
    this.latency.clear();
  }

  clearFaults(): void {
    this.faults = [];
  }

  snapshot() {
    return { latency: Object.fromEntries(this.latency), faults: this.faults.map((f) => ({ ...f })) };
  }
}
