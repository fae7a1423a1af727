// getWaveform with `columns`: each asked signal's changes in [from, to] summarised in equal time buckets
// (count, min, max, the value at each bucket's start), read from the signal's summary pyramid so the answer
// costs about the number of columns, not the number of changes.
import { vcdNumber, type NumberFormat } from '@cloud-compile/shared';
import type { SignalSummary } from '@cloud-compile/shared/api-types';
import { ApiValidationError } from '../../errors.js';
import { CHANGES_PER_CHUNK, type SimulationStore, type StoredWaveform } from './simulation-store.js';
import type { Change } from './simulation-types.js';
import { BLOCKS_PER_PAGE, blockChanges, type SummaryBlock } from './waveform-summary.js';
import { askedRange, chunkAt } from './waveform-query.js';

/** Most buckets per signal (the contract's maximum of `columns`). */
export const MAX_COLUMNS = 4096;
/**
 * Blocks of the pyramid read per bucket at least: a block counts wholly in the bucket of its first change, so
 * a bucket's edge is off by less than a quarter of the changes it holds; fewer changes than that are read
 * one by one (exact).
 */
const BLOCKS_PER_COLUMN = 4;
/** Most characters of bucket start values in one answer (columns × the asked signals' widths). */
export const MAX_SUMMARY_VALUE_CHARS = 8_000_000;

/** Buckets filled in time order: each unit of changes (one change or one block) goes to one bucket. */
class Buckets {
  readonly counts: number[];
  readonly min: (number | null)[];
  readonly max: (number | null)[];
  readonly starts: string[] = [];
  private readonly scale: number;

  constructor(
    private readonly columns: number,
    private readonly from: number,
    to: number,
    /** The value in force: at first the one at `from`, then the last unit's. */
    public value: string,
  ) {
    this.counts = new Array<number>(columns).fill(0);
    this.min = new Array<number | null>(columns).fill(null);
    this.max = new Array<number | null>(columns).fill(null);
    this.scale = to > from ? columns / (to - from) : 0;
  }

  bucketOf(time: number): number {
    return Math.min(this.columns - 1, Math.floor((time - this.from) * this.scale));
  }

  add(bucket: number, count: number, low: number | null, high: number | null, last: string): void {
    while (this.starts.length <= bucket) this.starts.push(this.value);
    this.counts[bucket]! += count;
    if (low !== null && (this.min[bucket] === null || low < this.min[bucket]!)) this.min[bucket] = low;
    if (high !== null && (this.max[bucket] === null || high > this.max[bucket]!)) this.max[bucket] = high;
    this.value = last;
  }

  finish(): string[] {
    while (this.starts.length < this.columns) this.starts.push(this.value);
    return this.starts;
  }
}

/** A signal's changes by their index in the whole run, read a stored chunk at a time (each chunk once). */
class ChangeReader {
  private readonly chunks = new Map<number, Change[]>();

  constructor(
    private readonly store: SimulationStore,
    private readonly simulationId: string,
    private readonly signal: string,
    private readonly starts: readonly number[],
  ) {}

  async chunk(index: number): Promise<Change[]> {
    let chunk = this.chunks.get(index);
    if (!chunk) {
      [chunk = []] = await this.store.changeChunks(this.simulationId, this.signal, index, index + 1);
      this.chunks.set(index, chunk);
    }
    return chunk;
  }

  /** How many changes are at or before `time`: the index of the first one after it. */
  async countUpTo(time: number): Promise<number> {
    if (!this.starts.length || this.starts[0]! > time) return 0;
    const index = chunkAt(this.starts, time);
    const chunk = await this.chunk(index);
    let inChunk = 0;
    while (inChunk < chunk.length && chunk[inChunk]![0] <= time) inChunk++;
    return index * CHANGES_PER_CHUNK + inChunk;
  }

  async change(index: number): Promise<Change> {
    return (await this.chunk(Math.floor(index / CHANGES_PER_CHUNK)))[index % CHANGES_PER_CHUNK]!;
  }

  /** Changes [first, end), chunk by chunk; done with each chunk before the next is read. */
  async each(first: number, end: number, visit: (change: Change) => void): Promise<void> {
    for (let index = first; index < end;) {
      const chunkIndex = Math.floor(index / CHANGES_PER_CHUNK);
      const chunk = await this.chunk(chunkIndex);
      const stop = Math.min(end, (chunkIndex + 1) * CHANGES_PER_CHUNK);
      for (; index < stop; index++) visit(chunk[index - chunkIndex * CHANGES_PER_CHUNK]!);
      this.chunks.delete(chunkIndex);
    }
  }
}

async function signalSummary(
  store: SimulationStore,
  simulationId: string,
  waveform: StoredWaveform,
  id: string,
  range: { from: number; to: number; columns: number },
): Promise<SignalSummary> {
  const { from, to, columns } = range;
  const info = waveform.signals.find((signal) => signal.id === id)!;
  const format: NumberFormat = { width: info.width, signed: info.signed, real: info.type === 'real' };
  const reader = new ChangeReader(store, simulationId, id, waveform.chunkStarts[id]!);
  // Changes [first, end) are those in (from, to].
  const first = await reader.countUpTo(from);
  const end = await reader.countUpTo(to);
  const initial = first > 0 ? (await reader.change(first - 1))[1] : 'x';
  const buckets = new Buckets(columns, from, to, initial);
  const addChanges = (start: number, stop: number) =>
    reader.each(start, stop, ([time, value]) => {
      const number = vcdNumber(value, format) ?? null;
      buckets.add(buckets.bucketOf(time), 1, number, number, value);
    });

  // The coarsest level whose blocks hold at most 1/BLOCKS_PER_COLUMN of a bucket's changes.
  const perColumn = (end - first) / columns;
  let level = -1;
  while (level + 1 < (waveform.summaryLevels?.[id] ?? 0) && blockChanges(level + 1) * BLOCKS_PER_COLUMN <= perColumn)
    level++;
  const size = level < 0 ? 1 : blockChanges(level);
  // Whole blocks inside the range; the changes before the first and after the last are read one by one.
  const firstBlock = Math.ceil(first / size);
  const endBlock = Math.floor(end / size);
  if (level < 0 || firstBlock >= endBlock) await addChanges(first, end);
  else {
    await addChanges(first, firstBlock * size);
    const pages = await store.summaryPages(
      simulationId,
      id,
      level,
      Math.floor(firstBlock / BLOCKS_PER_PAGE),
      Math.floor((endBlock - 1) / BLOCKS_PER_PAGE) + 1,
    );
    const pageStart = Math.floor(firstBlock / BLOCKS_PER_PAGE) * BLOCKS_PER_PAGE;
    for (let block = firstBlock; block < endBlock; block++) {
      const offset = block - pageStart;
      const [time, , count, low, high, last] = pages[Math.floor(offset / BLOCKS_PER_PAGE)]![
        offset % BLOCKS_PER_PAGE
      ] as SummaryBlock;
      buckets.add(buckets.bucketOf(time), count, low, high, last);
    }
    await addChanges(endBlock * size, end);
  }
  const { counts, min, max } = buckets;
  return { id, initial, last: buckets.value, resolution: size, counts, min, max, starts: buckets.finish() };
}

/**
 * Each asked signal's changes in (from, to] in `columns` equal time buckets. A bucket's count, min and max are
 * exact when `resolution` is 1; above, the changes are taken in aligned blocks of `resolution` (the k-th
 * block: changes k·resolution … (k+1)·resolution − 1 of the whole run) and a block lying wholly in the range
 * counts in the bucket of its first change.
 */
export async function waveformSummary(
  store: SimulationStore,
  simulationId: string,
  waveform: StoredWaveform,
  query: { signals: string; from: number; to?: number; columns: number },
) {
  const { ids, from, to } = askedRange(waveform, query);
  const { columns } = query;
  const widths = ids.reduce((sum, id) => {
    const info = waveform.signals.find((signal) => signal.id === id)!;
    return sum + (info.type === 'real' ? 24 : info.width);
  }, 0);
  if (columns * widths > MAX_SUMMARY_VALUE_CHARS) {
    throw new ApiValidationError([
      {
        loc: ['query', 'columns'],
        msg: `columns × the signals' widths is at most ${MAX_SUMMARY_VALUE_CHARS.toLocaleString('en')}: ask for fewer columns or signals`,
        type: 'value_error',
      },
    ]);
  }
  const signals = await Promise.all(
    ids.map((id) => signalSummary(store, simulationId, waveform, id, { from, to, columns })),
  );
  return { from, to, columns, signals };
}
