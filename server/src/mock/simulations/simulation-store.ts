import { randomUUID } from 'node:crypto';
import { ApiError } from '../../errors.js';
import { hourlyRateError, withinLastHour } from '../hourly-rate.js';
import type { StateStore } from '../state/state-store.js';
import {
  isFinishedSimulation,
  type Change,
  type SignalInfo,
  type SimulationFailure,
  type SimulationStatus,
  type SimulationView,
} from './simulation-types.js';
import { MAX_LEVELS, type SummaryBlock } from './waveform-summary.js';

/** Value changes per stored chunk of one signal: a waveform answer reads only the chunks its range touches. */
export const CHANGES_PER_CHUNK = 2000;
/** Characters per stored piece of a VCD or CSV file. */
const FILE_CHUNK_CHARS = 256 * 1024;

/** A simulation as stored: its view, its owner (a sandbox key) and how the running gateway holds it. */
interface StoredSimulation {
  owner: string;
  view: SimulationView;
  /** Someone asked to cancel it (the gateway running it stops its tool when it sees this). */
  cancelRequested?: boolean;
  /** Until when (ms since the epoch) the gateway running it vouches for it; renewed while it runs. */
  leaseUntil?: number;
  /** Bytes of VCD and stimulus CSV it stored (counted in the sandbox's quota), written when it stops. */
  bytes?: number;
}

/** Where each signal's changes are, and what the waveform answers need to know about the run. */
export interface StoredWaveform {
  time_unit: 'ps';
  end_time: number;
  signals: SignalInfo[];
  /** Per signal id: the time of each chunk's first change. */
  chunkStarts: Record<string, number[]>;
  /** Per signal id: the levels of its summary pyramid (waveform-summary.ts); none for runs recorded before it. */
  summaryLevels?: Record<string, number>;
}

const recordKey = (id: string) => `sim:${id}`;
const listKey = (owner: string) => `sims:${owner}`;
const logKey = (id: string) => `sim:${id}:log`;
const fileKey = (id: string, file: 'vcd' | 'csv') => `sim:${id}:${file}`;
const waveKey = (id: string) => `sim:${id}:wave`;
const changesKey = (id: string, signal: string) => `sim:${id}:w:${signal}`;
const summaryKey = (id: string, signal: string, level: number) => `sim:${id}:p:${signal}:${level}`;
/** How many signals a run's waveform has (written before their first changes, so a forget finds them all). */
const declaredKey = (id: string) => `sim:${id}:signals`;

/** A sandbox's simulations, newest first, and when it started runs within the last hour (its hourly quota). */
interface SandboxSimulations {
  ids: string[];
  starts: number[];
}

const parseList = (value: string | undefined): SandboxSimulations => {
  if (value === undefined) return { ids: [], starts: [] };
  const parsed = JSON.parse(value) as SandboxSimulations | string[];
  // Before the hourly quota the list was the ids alone.
  return Array.isArray(parsed) ? { ids: parsed, starts: [] } : parsed;
};

export interface SimulationStoreOptions {
  keptPerSandbox: number;
  /** Runs a sandbox may start in any hour (MOCK_MAX_SIMULATIONS_PER_HOUR); 429 beyond. */
  perHour: number;
  leaseMs: number;
  /**
   * Bytes of VCD and stimulus CSV a sandbox's kept runs may hold together (MOCK_SIMULATION_STORAGE_MB), and
   * the room a new run is given in it: its own VCD limit (MOCK_SIMULATION_VCD_MB), or the whole quota when that
   * is less. Unbounded when left out.
   */
  storage?: { quotaBytes: number; runBytes: number };
  now?: () => number;
}

/** A queued run, and the bytes of VCD and stimulus CSV it may store before the sandbox's quota is reached. */
export interface CreatedSimulation {
  view: SimulationView;
  roomBytes: number;
}

/** What a gateway that stopped renewing leaves behind: a run nobody will finish. */
export const ABANDONED_MESSAGE = 'The gateway running this simulation stopped before it finished: start it again';

/**
 * Simulations in the mock's state store (memory or Redis, so every gateway of one store sees the
 * same runs): a document per simulation and a newest-first list per sandbox (bounded: the oldest
 * finished ones are forgotten with their logs and waveforms), the log as an append-only list as
 * for builds, the VCD and CSV in pieces, and each signal's changes in chunks with an index of chunk
 * start times so a time range reads only the chunks it touches.
 */
export class SimulationStore {
  constructor(
    private readonly store: StateStore,
    private readonly options: SimulationStoreOptions,
  ) {}

  private now() {
    return (this.options.now ?? Date.now)();
  }

  private async readStored(id: string): Promise<{ stored: StoredSimulation; version: number } | null> {
    const document = await this.store.read(recordKey(id));
    return document ? { stored: JSON.parse(document.value) as StoredSimulation, version: document.version } : null;
  }

  /** Changes a simulation's document over the version read (again on a newer one); null when it is gone. */
  async change(id: string, fn: (stored: StoredSimulation) => void): Promise<SimulationView | null> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = await this.readStored(id);
      if (!current) return null;
      fn(current.stored);
      if ((await this.store.write(recordKey(id), JSON.stringify(current.stored), current.version)) !== null)
        return current.stored.view;
    }
    throw new ApiError(503, 'This simulation is changing too fast to save: try again in a moment');
  }

  /**
   * Adds a queued simulation to the sandbox's list, refused (429) while another of its runs is
   * unfinished or when the sandbox started its hourly quota of runs; the oldest finished ones beyond
   * the bound are forgotten with everything they stored, and then, oldest first, until the sandbox's
   * storage quota has room for the new run (see `storage`). What the quota leaves is that run's room.
   */
  async create(
    owner: string,
    view: Omit<SimulationView, 'id' | 'status' | 'started_at' | 'finished_at' | 'failure'>,
  ): Promise<CreatedSimulation> {
    const id = randomUUID().replaceAll('-', '');
    const record: SimulationView = {
      id,
      status: 'queued',
      started_at: null,
      finished_at: null,
      failure: null,
      ...view,
    };
    for (let attempt = 0; attempt < 20; attempt++) {
      const list = await this.store.read(listKey(owner));
      const { ids, starts } = parseList(list?.value);
      const views = await Promise.all(ids.map((other) => this.get(other)));
      if (views.some((other) => other && !isFinishedSimulation(other.status))) {
        throw new ApiError(429, 'A simulation is already running: wait for it to finish or cancel it');
      }
      const now = this.now();
      const recent = withinLastHour(starts, now);
      if (recent.length >= this.options.perHour) {
        throw hourlyRateError({ title: 'Simulation', plural: 'simulations' }, this.options.perHour, recent[0]!, now);
      }
      const kept = ids.filter((_, index) => views[index]);
      const dropped = kept.splice(Math.max(0, this.options.keptPerSandbox - 1));
      const quota = this.options.storage?.quotaBytes ?? Infinity;
      const wanted = Math.min(this.options.storage?.runBytes ?? 0, quota);
      const bytes = new Map(
        await Promise.all(
          kept.map(async (other) => [other, (await this.readStored(other))?.stored.bytes ?? 0] as const),
        ),
      );
      let held = kept.reduce((sum, other) => sum + bytes.get(other)!, 0);
      while (kept.length && quota - held < wanted) {
        const oldest = kept.pop()!;
        dropped.push(oldest);
        held -= bytes.get(oldest)!;
      }
      const stored: StoredSimulation = { owner, view: record, leaseUntil: now + this.options.leaseMs };
      if ((await this.store.write(recordKey(id), JSON.stringify(stored), 0)) === null) continue;
      const next: SandboxSimulations = { ids: [id, ...kept], starts: [...recent, now] };
      if ((await this.store.write(listKey(owner), JSON.stringify(next), list?.version ?? 0)) === null) {
        await this.store.remove(recordKey(id));
        continue;
      }
      await Promise.all(dropped.map((old) => this.forget(old)));
      return { view: record, roomBytes: quota - held };
    }
    throw new ApiError(503, 'Your simulations are changing too fast to save: try again in a moment');
  }

  /**
   * Takes the simulations `which` picks out of the sandbox's list (the hour's starts stay: deleting a
   * project does not give runs back) and forgets them; their ids, for stopping the ones running here.
   */
  async forgetWhere(owner: string, which: (view: SimulationView | null) => boolean): Promise<string[]> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const list = await this.store.read(listKey(owner));
      if (!list) return [];
      const { ids, starts } = parseList(list.value);
      const views = await Promise.all(ids.map((id) => this.readStored(id)));
      const gone = ids.filter((_, index) => which(views[index]?.stored.view ?? null));
      if (!gone.length) return [];
      const next: SandboxSimulations = { ids: ids.filter((id) => !gone.includes(id)), starts };
      if ((await this.store.write(listKey(owner), JSON.stringify(next), list.version)) === null) continue;
      await Promise.all(gone.map((id) => this.forget(id)));
      return gone;
    }
    throw new ApiError(503, 'Your simulations are changing too fast to save: try again in a moment');
  }

  /** A dropped sandbox's simulations, its list and its hour of starts gone; the ids it had. */
  async forgetOwner(owner: string): Promise<string[]> {
    const list = await this.store.read(listKey(owner));
    const { ids } = parseList(list?.value);
    await this.store.remove(listKey(owner));
    await Promise.all(ids.map((id) => this.forget(id)));
    return ids;
  }

  /** Whether a simulation's record is still stored (it was not forgotten). */
  async exists(id: string): Promise<boolean> {
    return (await this.store.version(recordKey(id))) !== 0;
  }

  /** Every key of a simulation gone; `signals`: how many the gateway running it knows it recorded. */
  async forget(id: string, signals = 0): Promise<void> {
    // A run stopped before its index was written (cancelled, its gateway gone) still stored changes.
    const declared = Number((await this.store.read(declaredKey(id)))?.value ?? 0);
    const wave = await this.waveform(id);
    const count = Math.max(declared, wave?.signals.length ?? 0, signals);
    const signalKeys = Array.from({ length: count }, (_, index) => [
      changesKey(id, `s${index}`),
      ...Array.from({ length: MAX_LEVELS }, (_, level) => summaryKey(id, `s${index}`, level)),
    ]).flat();
    await this.store.remove(
      recordKey(id),
      logKey(id),
      fileKey(id, 'vcd'),
      fileKey(id, 'csv'),
      waveKey(id),
      declaredKey(id),
    );
    // The signals' keys in batches (up to MAX_SIGNALS × (1 + MAX_LEVELS) of them): no one huge command.
    for (let at = 0; at < signalKeys.length; at += 2048) await this.store.remove(...signalKeys.slice(at, at + 2048));
  }

  /** A simulation (a run whose gateway stopped vouching for it is failed on the way), or null. */
  async get(id: string): Promise<SimulationView | null> {
    const current = await this.readStored(id);
    if (!current) return null;
    const { view, leaseUntil } = current.stored;
    if (isFinishedSimulation(view.status) || (leaseUntil ?? Infinity) >= this.now()) return view;
    return this.finish(id, 'failed', { message: ABANDONED_MESSAGE });
  }

  /** The caller's simulation; 404 for anyone else's or a missing one. */
  async owned(owner: string, id: string): Promise<SimulationView> {
    const current = await this.readStored(id);
    if (!current || current.stored.owner !== owner) throw new ApiError(404, 'Simulation not found');
    return (await this.get(id))!;
  }

  async list(owner: string, projectId: string): Promise<SimulationView[]> {
    const { ids } = parseList((await this.store.read(listKey(owner)))?.value);
    const views = await Promise.all(ids.map((id) => this.get(id)));
    return views.filter((view): view is SimulationView => view !== null && view.project_id === projectId);
  }

  async started(id: string) {
    return this.change(id, (stored) => {
      if (stored.view.status === 'queued') {
        stored.view.status = 'running';
        stored.view.started_at = new Date(this.now()).toISOString();
      }
    });
  }

  /** Extends the running gateway's lease; true when someone asked to cancel meanwhile or it was forgotten. */
  async renew(id: string): Promise<boolean> {
    let cancel = false;
    const view = await this.change(id, (stored) => {
      stored.leaseUntil = this.now() + this.options.leaseMs;
      cancel = stored.cancelRequested === true;
    });
    return cancel || view === null;
  }

  /** Ends it (once: a finished simulation keeps its outcome). */
  async finish(id: string, status: SimulationStatus, failure: SimulationFailure | null = null) {
    return this.change(id, (stored) => {
      if (isFinishedSimulation(stored.view.status)) return;
      stored.view.status = status;
      stored.view.failure = status === 'failed' ? failure : null;
      stored.view.finished_at = new Date(this.now()).toISOString();
      stored.view.started_at ??= stored.view.finished_at;
    });
  }

  /** What a run stored, counted in its sandbox's quota from now on (nothing when it was forgotten). */
  async recordBytes(id: string, bytes: number): Promise<void> {
    await this.change(id, (stored) => {
      stored.bytes = bytes;
    });
  }

  /** Asks the gateway running it to stop; 409 once it has finished. */
  async requestCancel(owner: string, id: string): Promise<SimulationView> {
    const view = await this.owned(owner, id);
    if (isFinishedSimulation(view.status)) throw new ApiError(409, `Simulation ${id.slice(-7)} has already finished`);
    await this.change(id, (stored) => {
      stored.cancelRequested = true;
    });
    return (await this.finish(id, 'cancelled'))!;
  }

  // ---- the log ----
  async appendLog(id: string, lines: readonly string[]) {
    if (lines.length) await this.store.append(logKey(id), lines);
  }

  async logPage(id: string, offset: number, limit: number, complete: boolean) {
    const [lines, total] = await Promise.all([
      this.store.slice(logKey(id), offset, offset + limit),
      this.store.length(logKey(id)),
    ]);
    return { lines, offset, next_offset: offset + lines.length, total, complete };
  }

  // ---- files ----
  async saveFile(id: string, file: 'vcd' | 'csv', text: string) {
    const pieces: string[] = [];
    for (let start = 0; start < text.length; start += FILE_CHUNK_CHARS)
      pieces.push(text.slice(start, start + FILE_CHUNK_CHARS));
    await this.store.remove(fileKey(id, file));
    if (pieces.length) await this.store.append(fileKey(id, file), pieces);
    else await this.store.append(fileKey(id, file), ['']);
  }

  /** Adds a piece to the end of a file (a VCD as the tool writes it). */
  async appendFile(id: string, file: 'vcd' | 'csv', text: string) {
    const pieces: string[] = [];
    for (let start = 0; start < text.length; start += FILE_CHUNK_CHARS)
      pieces.push(text.slice(start, start + FILE_CHUNK_CHARS));
    if (pieces.length) await this.store.append(fileKey(id, file), pieces);
  }

  /** The file's text, or null when the run stored none. */
  async file(id: string, file: 'vcd' | 'csv'): Promise<string | null> {
    const length = await this.store.length(fileKey(id, file));
    if (!length) return null;
    return (await this.store.slice(fileKey(id, file), 0, length)).join('');
  }

  // ---- the waveform ----
  /** How many signals (s0, s1 …) the run records, before any of their changes is stored. */
  async declareSignals(id: string, count: number): Promise<void> {
    await this.store.remove(declaredKey(id));
    await this.store.write(declaredKey(id), String(count), 0);
  }

  /** Appends chunks of one signal's changes (each at most CHANGES_PER_CHUNK, in time order). */
  async appendChanges(id: string, signal: string, chunks: readonly Change[][]): Promise<void> {
    if (chunks.length)
      await this.store.append(
        changesKey(id, signal),
        chunks.map((chunk) => JSON.stringify(chunk)),
      );
  }

  /** Appends pages of a level of one signal's summary pyramid (in order; only the last may be partly full). */
  async appendSummaryPages(id: string, signal: string, level: number, pages: readonly SummaryBlock[][]) {
    if (pages.length)
      await this.store.append(
        summaryKey(id, signal, level),
        pages.map((page) => JSON.stringify(page)),
      );
  }

  /** Pages [first, end) of a level of a signal's summary pyramid. */
  async summaryPages(id: string, signal: string, level: number, first: number, end: number): Promise<SummaryBlock[][]> {
    const items = await this.store.slice(summaryKey(id, signal, level), first, end);
    return items.map((item) => JSON.parse(item) as SummaryBlock[]);
  }

  /** The waveform's index, written once every change is stored (a reader sees all of it or none). */
  async saveWaveform(id: string, waveform: StoredWaveform): Promise<void> {
    await this.store.write(waveKey(id), JSON.stringify(waveform), 0);
  }

  async waveform(id: string): Promise<StoredWaveform | null> {
    const document = await this.store.read(waveKey(id));
    return document ? (JSON.parse(document.value) as StoredWaveform) : null;
  }

  /** Chunks [first, end) of a signal's changes. */
  async changeChunks(id: string, signal: string, first: number, end: number): Promise<Change[][]> {
    const items = await this.store.slice(changesKey(id, signal), first, end);
    return items.map((item) => JSON.parse(item) as Change[]);
  }
}
