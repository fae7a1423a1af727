// The changes of one signal as its pieces arrive, held in arrays that grow geometrically: adding a piece
// touches only that piece (and the few held changes it overlaps), never what is already held, so reading a
// million changes in ten pieces costs a million steps, not five million. The analog numbers (NumericBuffer)
// grow the same way, converting and taking min/max only of what is new.
import { indexBefore, type SignalChanges } from './changes';
import { analogValue, type ValueFormat } from './radix';
import { BLOCK, type NumericTrace } from './segments';

/** Room for `needed` entries, doubling: each entry is copied O(1) times over the buffer's life. */
function grown(array: Float64Array<ArrayBuffer>, length: number, needed: number): Float64Array<ArrayBuffer> {
  if (needed <= array.length) return array;
  const bigger = new Float64Array(Math.max(needed, array.length * 2, 1024));
  bigger.set(array.subarray(0, length));
  return bigger;
}

/** A view of the buffer at one moment; `version` says which appends it has seen. */
export interface HeldChanges extends SignalChanges {
  source: ChangeBuffer;
  version: number;
}

export class ChangeBuffer {
  private times: Float64Array<ArrayBuffer> = new Float64Array(0);
  private readonly values: string[] = [];
  private length = 0;
  /** For each append, the count of entries it left untouched (the rest it replaced or added). */
  private readonly kept: number[] = [];
  /** Entries written by appends and buffer growth: the quadratic-accumulation test reads it. */
  elementsWritten = 0;

  get size(): number {
    return this.length;
  }

  /**
   * Appends a later piece (GET …/waveform from the piece's first instant). Changes at or after that instant
   * are replaced by the piece's, so overlapping pieces never duplicate a change.
   */
  append(piece: SignalChanges): void {
    if (piece.times.length === 0) return;
    const keep = indexBefore(this.times.subarray(0, this.length), piece.times[0]!) + 1;
    // A piece's value at its start, the same as the one held before it, is no change (ranges read apart).
    const skip = keep > 0 && piece.values[0] === this.values[keep - 1] ? 1 : 0;
    const count = piece.times.length - skip;
    const before = this.times;
    this.times = grown(this.times, this.length, keep + count);
    if (this.times !== before) this.elementsWritten += keep;
    this.times.set(skip ? piece.times.subarray(skip) : piece.times, keep);
    this.values.length = keep;
    for (let i = skip; i < piece.times.length; i++) this.values.push(piece.values[i]!);
    this.length = keep + count;
    this.elementsWritten += count;
    this.kept.push(keep);
  }

  /** What is held now, without copying: later appends only add to it (or rewrite past `unchangedSince`). */
  snapshot(): HeldChanges {
    return {
      times: this.times.subarray(0, this.length),
      values: this.values,
      source: this,
      version: this.kept.length,
    };
  }

  /** How many leading entries no append after snapshot `version` has rewritten. */
  unchangedSince(version: number): number {
    let unchanged = Infinity;
    for (let i = version; i < this.kept.length; i++) unchanged = Math.min(unchanged, this.kept[i]!);
    return unchanged;
  }
}

/** An analog trace's numbers and block min/max, brought up to date with its ChangeBuffer incrementally. */
export class NumericBuffer {
  private values: Float64Array<ArrayBuffer> = new Float64Array(0);
  private blockMin: Float64Array<ArrayBuffer> = new Float64Array(0);
  private blockMax: Float64Array<ArrayBuffer> = new Float64Array(0);
  private converted = 0;
  private version = 0;
  private source: ChangeBuffer | undefined;
  private trace: NumericTrace | undefined;
  /** Entries converted to numbers over the buffer's life: the incremental-update test reads it. */
  elementsConverted = 0;

  constructor(private readonly format: Omit<ValueFormat, 'radix'>) {}

  /** The numbers of `held`: converts only the entries new or rewritten since the last call. */
  update(held: HeldChanges): NumericTrace {
    if (held.source !== this.source) {
      // Read again (after a failure): a new buffer, converted from its start.
      [this.source, this.converted, this.version, this.trace] = [held.source, 0, 0, undefined];
    }
    if (this.trace && held.version === this.version) return this.trace;
    const length = held.times.length;
    const start = Math.min(this.converted, held.source.unchangedSince(this.version), length);
    this.values = grown(this.values, this.converted, length);
    for (let i = start; i < length; i++) this.values[i] = analogValue(held.values[i]!, this.format) ?? NaN;
    this.elementsConverted += length - start;
    const blocks = Math.ceil(length / BLOCK);
    this.blockMin = grown(this.blockMin, Math.ceil(this.converted / BLOCK), blocks);
    this.blockMax = grown(this.blockMax, Math.ceil(this.converted / BLOCK), blocks);
    // Blocks from the first new entry's on are taken again (the first may be partly new).
    for (let block = Math.floor(start / BLOCK); block < blocks; block++) {
      let low = Infinity;
      let high = -Infinity;
      for (let i = block * BLOCK, end = Math.min(length, i + BLOCK); i < end; i++) {
        const value = this.values[i]!;
        if (value < low) low = value;
        if (value > high) high = value;
      }
      this.blockMin[block] = low;
      this.blockMax[block] = high;
    }
    let min = Infinity;
    let max = -Infinity;
    for (let block = 0; block < blocks; block++) {
      if (this.blockMin[block]! < min) min = this.blockMin[block]!;
      if (this.blockMax[block]! > max) max = this.blockMax[block]!;
    }
    this.converted = length;
    this.version = held.version;
    this.trace = {
      values: this.values.subarray(0, length),
      blockMin: this.blockMin.subarray(0, blocks),
      blockMax: this.blockMax.subarray(0, blocks),
      min,
      max,
    };
    return this.trace;
  }
}
