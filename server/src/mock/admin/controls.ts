import type { StateStore } from '../state/state-store.js';
import { readJson, updateJson, type StoredJson } from '../state/stored-json.js';

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

interface ControlsState {
  latency: Record<string, number>;
  faults: Fault[];
}

const KEY = 'mock-admin:controls';
const empty = (): ControlsState => ({ latency: {}, faults: [] });

/**
 * The admin API's knobs, read by the mock API on every request: per-operation latency and
 * injected faults. `*` applies to every operation an operation-specific entry does not cover.
 * Kept in the state store, so a knob set through one gateway holds on every gateway of the same
 * store; each gateway looks for changes at most every `refreshMs` (0 with the in-memory store).
 */
export class MockControls {
  private cached: StoredJson<ControlsState> = { version: 0, value: empty() };
  private checkedAt = -Infinity;

  constructor(
    private readonly store: StateStore,
    private readonly refreshMs = store.kind === 'memory' ? 0 : 250,
    private readonly now: () => number = Date.now,
  ) {}

  private async current(): Promise<ControlsState> {
    if (this.now() - this.checkedAt < this.refreshMs) return this.cached.value;
    this.checkedAt = this.now();
    const version = await this.store.version(KEY);
    if (version !== this.cached.version) {
      const stored = await readJson<ControlsState>(this.store, KEY);
      this.cached = stored ?? { version: 0, value: empty() };
    }
    return this.cached.value;
  }

  private async change(edit: (state: ControlsState) => ControlsState): Promise<ControlsState> {
    const written = await updateJson<ControlsState>(this.store, KEY, (current) => ({
      value: edit(structuredClone(current?.value ?? empty())),
    }));
    if (written) this.cached = written;
    this.checkedAt = this.now();
    return this.cached.value;
  }

  async setLatency(operationId: string, ms: number): Promise<void> {
    await this.change((state) => {
      if (ms === 0) delete state.latency[operationId];
      else state.latency[operationId] = ms;
      return state;
    });
  }

  async latencyFor(operationId: string): Promise<number> {
    const { latency } = await this.current();
    return latency[operationId] ?? latency['*'] ?? 0;
  }

  async addFault(fault: Fault): Promise<void> {
    await this.change((state) => ({ ...state, faults: [...state.faults, fault] }));
  }

  /** The fault that hits this request (counting it down), operation-specific ones first. */
  async takeFault(operationId: string): Promise<Fault | undefined> {
    if ((await this.current()).faults.length === 0) return undefined;
    let hit: Fault | undefined;
    // Counted down in the store: with several gateways, a fault for N requests still hits N in all.
    await this.change((state) => {
      const fault =
        state.faults.find((f) => f.operationId === operationId) ?? state.faults.find((f) => f.operationId === '*');
      hit = fault && { ...fault };
      if (fault && fault.remaining !== null && --fault.remaining <= 0) {
        state.faults = state.faults.filter((f) => f !== fault);
      }
      return state;
    });
    return hit;
  }

  async clearLatency(): Promise<void> {
    await this.change((state) => ({ ...state, latency: {} }));
  }

  async clearFaults(): Promise<void> {
    await this.change((state) => ({ ...state, faults: [] }));
  }

  async snapshot() {
    const state = await this.current();
    return { latency: { ...state.latency }, faults: state.faults.map((f) => ({ ...f })) };
  }
}
