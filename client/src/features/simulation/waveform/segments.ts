// What one trace looks like on screen, pixel column by pixel column. A column holding two or more changes
// is drawn as a solid block ("busy here, zoom in"), so a frame costs O(width · log changes) whatever the
// number of changes in view: the difference between 1 M changes and 1 K is twenty steps of a binary search.
import { indexAt, indexBefore, visibleRange } from './changes';
import { xToTime, type TimeView } from './time-scale';

/** A run of pixel columns `x0`…`x1` showing one value (`index` into the changes), or many (`index` -1). */
export interface Segment {
  x0: number;
  x1: number;
  index: number;
}

/** `Segment.index` of columns holding two or more changes. */
export const BUSY = -2;

/** The trace's segments across the view's width; nothing before the first change. */
export function traceSegments(times: ArrayLike<number>, view: TimeView): Segment[] {
  const segments: Segment[] = [];
  const columns = Math.ceil(view.width);
  // A column holds the changes at or after its left edge and before its right edge; `after` is the value
  // shown at its right edge, `before` the one just before its left edge.
  let before = indexBefore(times, view.start);
  for (let x = 0; x < columns; x++) {
    // The last column also holds a change at the view's very end.
    const after = x + 1 >= columns ? indexAt(times, view.end) : indexBefore(times, xToTime(view, x + 1));
    const changes = after - before;
    const index = changes >= 2 ? BUSY : after;
    before = after;
    if (index === -1) continue;
    const last = segments[segments.length - 1];
    // A column with one change starts a new segment there (the edge is drawn at its x).
    if (last && last.x1 === x && last.index === index && (index === BUSY || changes === 0)) last.x1 = x + 1;
    else segments.push({ x0: x, x1: x + 1, index });
  }
  return segments;
}

/**
 * Min/max of a numeric trace in blocks, so the range of any run of changes is read in
 * O(run / BLOCK + BLOCK) steps: an analog trace with a million points on screen still draws in a frame.
 */
export const BLOCK = 64;

export interface NumericTrace {
  values: Float64Array;
  blockMin: Float64Array;
  blockMax: Float64Array;
  /** Over the whole run (NaN for x/z skipped): the trace's vertical scale. */
  min: number;
  max: number;
}

export function numericTrace(values: Float64Array): NumericTrace {
  const blocks = Math.ceil(values.length / BLOCK);
  const blockMin = new Float64Array(blocks).fill(Infinity);
  const blockMax = new Float64Array(blocks).fill(-Infinity);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (Number.isNaN(value)) continue;
    const block = (i / BLOCK) | 0;
    if (value < blockMin[block]!) blockMin[block] = value;
    if (value > blockMax[block]!) blockMax[block] = value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { values, blockMin, blockMax, min, max };
}

/** Min and max of `values[first…last]` (inclusive), skipping NaN; [Infinity, -Infinity] when all are NaN. */
export function rangeMinMax(trace: NumericTrace, first: number, last: number): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  let i = first;
  while (i <= last) {
    if (i % BLOCK === 0 && i + BLOCK - 1 <= last) {
      const block = i / BLOCK;
      min = Math.min(min, trace.blockMin[block]!);
      max = Math.max(max, trace.blockMax[block]!);
      i += BLOCK;
      continue;
    }
    const value = trace.values[i]!;
    if (value < min) min = value;
    if (value > max) max = value;
    i++;
  }
  return [min, max];
}

/** One pixel column of a dense analog run: the extent of its values, the value at its right edge (NaN for x/z). */
export interface AnalogColumn {
  x: number;
  low: number;
  high: number;
  last: number;
}

/**
 * The columns `x0`…`x1` (exclusive) of a run holding many changes per column, decimated to min/max per column:
 * O(columns · (log changes + BLOCK)) whatever the number of changes. Columns whose values are all NaN (x/z)
 * are left out.
 */
export function analogColumns(
  times: ArrayLike<number>,
  trace: NumericTrace,
  view: TimeView,
  x0: number,
  x1: number,
): AnalogColumn[] {
  const columns: AnalogColumn[] = [];
  for (let x = x0; x < x1; x++) {
    const { first, last } = visibleRange(times, xToTime(view, x), xToTime(view, x + 1));
    const [low, high] = rangeMinMax(trace, first, last);
    if (!(high >= low)) continue;
    columns.push({ x, low, high, last: trace.values[last]! });
  }
  return columns;
}
