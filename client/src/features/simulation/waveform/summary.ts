// A dense signal drawn from the gateway's summaries (getWaveform with columns): equal time buckets, each with
// its number of changes, min and max and the value at its start. Buckets are merged into the view's pixel
// columns, so a frame costs O(width + buckets) per signal whatever the number of changes.
import { analogValue, type ValueFormat } from './radix';
import { xToTime, type TimeView } from './time-scale';

/** One signal's summary over [from, to] in `columns` buckets (the API's SignalSummary with its range). */
export interface BucketSummary {
  from: number;
  to: number;
  columns: number;
  initial: string;
  last: string;
  counts: readonly number[];
  min: readonly (number | null)[];
  max: readonly (number | null)[];
  starts: readonly string[];
}

/** One pixel column of a summarised trace. */
export interface PixelColumn {
  x: number;
  /** Changes of the buckets the column touches. */
  count: number;
  /** Changes somewhere here, but where is finer than the summary says (several, or one in a wider bucket). */
  busy: boolean;
  /** The value at the column's left edge and at its right edge. */
  start: string;
  end: string;
  /** Extent of the changes' values (codes, reals, bits); null when none is a number. */
  low: number | null;
  high: number | null;
}

/** The bucket holding `time` (clamped to the summary's buckets). */
function bucketAt(summary: BucketSummary, time: number): number {
  const span = summary.to - summary.from;
  if (span <= 0) return 0;
  const bucket = Math.floor(((time - summary.from) * summary.columns) / span);
  return Math.min(summary.columns - 1, Math.max(0, bucket));
}

/**
 * The view's pixel columns from the first of `layers` (finest first) that covers each column: a column
 * covered by none (outside every summary's range) is left out.
 */
export function pixelColumns(layers: readonly BucketSummary[], view: TimeView): PixelColumn[] {
  const columns: PixelColumn[] = [];
  const width = Math.ceil(view.width);
  for (let x = 0; x < width; x++) {
    const start = xToTime(view, x);
    const end = xToTime(view, x + 1);
    const layer = layers.find((summary) => summary.from <= start && end <= summary.to && summary.to > summary.from);
    if (!layer) continue;
    const bucketWidth = (layer.to - layer.from) / layer.columns;
    const first = bucketAt(layer, start);
    // The last bucket starting before the column's right edge (that edge belongs to the next column).
    const last = Math.min(layer.columns - 1, Math.max(first, Math.ceil((end - layer.from) / bucketWidth) - 1));
    let count = 0;
    let low: number | null = null;
    let high: number | null = null;
    for (let bucket = first; bucket <= last; bucket++) {
      count += layer.counts[bucket]!;
      const min = layer.min[bucket];
      const max = layer.max[bucket];
      if (min != null && (low === null || min < low)) low = min;
      if (max != null && (high === null || max > high)) high = max;
    }
    // A lone change in a bucket wider than the column may lie in a neighbouring column: shown as busy.
    const wider = first === last && bucketWidth > end - start;
    columns.push({
      x,
      count,
      busy: count >= 2 || (count === 1 && wider),
      start: layer.starts[first]!,
      end: last + 1 < layer.columns ? layer.starts[last + 1]! : layer.last,
      low,
      high,
    });
  }
  return columns;
}

/** A run of pixel columns showing one value (`value`), or changes too dense to draw one by one (null). */
export interface ValueSegment {
  x0: number;
  x1: number;
  value: string | null;
}

/** Columns as runs of one value, as traceSegments gives them for raw changes (a lone change starts a run). */
export function columnSegments(columns: readonly PixelColumn[]): ValueSegment[] {
  const segments: ValueSegment[] = [];
  for (const column of columns) {
    const value = column.busy ? null : column.count === 1 ? column.end : column.start;
    const last = segments[segments.length - 1];
    const continues = last && last.x1 === column.x && last.value === value && (value === null || column.count === 0);
    if (continues) last.x1 = column.x + 1;
    else segments.push({ x0: column.x, x1: column.x + 1, value });
  }
  return segments;
}

/** Changes the summary counts in [from, to] (whole buckets touching it). */
export function changesBetween(summary: BucketSummary, from: number, to: number): number {
  if (to < summary.from || from > summary.to) return 0;
  let count = 0;
  for (let bucket = bucketAt(summary, from), last = bucketAt(summary, to); bucket <= last; bucket++)
    count += summary.counts[bucket]!;
  return count;
}

/** The least and greatest analog level of a summary (its buckets' extremes and its first value), as drawn. */
export function summaryExtent(summary: BucketSummary, format: Omit<ValueFormat, 'radix'>): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  const scale = format.voltsPerLsb ?? 1;
  const take = (value: number | undefined | null) => {
    if (value == null || Number.isNaN(value)) return;
    if (value < low) low = value;
    if (value > high) high = value;
  };
  take(analogValue(summary.initial, format));
  for (let bucket = 0; bucket < summary.columns; bucket++) {
    const min = summary.min[bucket];
    const max = summary.max[bucket];
    if (min != null) take(min * scale);
    if (max != null) take(max * scale);
  }
  return [low, high];
}
