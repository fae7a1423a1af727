// Drawing the traces on a 2-D canvas. Only the view's columns are visited (segments.ts), so the cost of a
// frame follows the canvas width and the number of rows, not the number of changes.
import type { SignalChanges } from './changes';
import { analogValue, formatValue, type ValueFormat } from './radix';
import { analogColumns, BUSY, traceSegments, type NumericTrace } from './segments';
import { columnSegments, pixelColumns, type BucketSummary, type ValueSegment } from './summary';
import { formatTime, timeTicks, timeToX, type TimeView } from './time-scale';

/** The colours of the viewer, read from its CSS variables (light and dark schemes). */
export interface WavePalette {
  background: string;
  grid: string;
  text: string;
  muted: string;
  trace: string;
  analog: string;
  unknown: string;
  cursor: string;
  marker: string;
  selected: string;
}

export interface TraceRow {
  /** Changes held; with `exact`, only the instants they are known for (a window of a dense run). */
  signal: SignalChanges | undefined;
  exact?: readonly [number, number];
  /** Summaries of a dense run, finest first: drawn where the held changes do not cover the view. */
  summaries?: readonly BucketSummary[];
  /** The analog scale of a summarised run (its whole extent). */
  extent?: readonly [number, number];
  format: ValueFormat;
  numeric?: NumericTrace;
  /** Top of the row in CSS pixels, and its height. */
  y: number;
  height: number;
  selected: boolean;
}

export const AXIS_HEIGHT = 24;
const PAD = 4;

export function drawAxis(ctx: CanvasRenderingContext2D, view: TimeView, palette: WavePalette, height: number): void {
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  for (const tick of timeTicks(view)) {
    const x = Math.round(timeToX(view, tick)) + 0.5;
    ctx.fillStyle = palette.grid;
    ctx.fillRect(x, AXIS_HEIGHT - 6, 1, height - AXIS_HEIGHT + 6);
    ctx.fillStyle = palette.muted;
    ctx.fillText(formatTime(tick), x + 3, AXIS_HEIGHT / 2);
  }
  ctx.fillStyle = palette.grid;
  ctx.fillRect(0, AXIS_HEIGHT - 1, view.width, 1);
}

const isUnknown = (value: string) => /[xzXZuUwW-]/.test(value);

/** Whether the held changes cover the whole view (else a summary, when there is one, is drawn). */
const rawCovers = (row: TraceRow, view: TimeView) =>
  !row.summaries?.length || (row.signal && (!row.exact || (row.exact[0] <= view.start && view.end <= row.exact[1])));

/** The row's runs of one value across the view: from its changes, or from its summaries. */
function valueSegments(row: TraceRow, view: TimeView): ValueSegment[] {
  const { signal } = row;
  if (rawCovers(row, view) && signal) {
    return traceSegments(signal.times, view).map(({ x0, x1, index }) => ({
      x0,
      x1,
      value: index === BUSY ? null : signal.values[index]!,
    }));
  }
  return row.summaries?.length ? columnSegments(pixelColumns(row.summaries, view)) : [];
}

function drawBit(ctx: CanvasRenderingContext2D, row: TraceRow, view: TimeView, palette: WavePalette): void {
  const { y, height } = row;
  const high = y + PAD;
  const low = y + height - PAD;
  let previousLevel: number | undefined;
  for (const { x0, x1, value } of valueSegments(row, view)) {
    if (value === null) {
      ctx.fillStyle = palette.trace;
      ctx.fillRect(x0, high, x1 - x0, low - high);
      previousLevel = undefined;
      continue;
    }
    if (isUnknown(value)) {
      ctx.fillStyle = palette.unknown;
      ctx.fillRect(x0, high, x1 - x0, low - high);
      previousLevel = undefined;
      continue;
    }
    const level = value.endsWith('1') ? high : low;
    ctx.fillStyle = palette.trace;
    ctx.fillRect(x0, level - 1, x1 - x0, 2);
    if (previousLevel !== undefined && previousLevel !== level)
      ctx.fillRect(x0, Math.min(level, previousLevel) - 1, 2, Math.abs(level - previousLevel) + 2);
    previousLevel = level;
  }
}

function drawBus(ctx: CanvasRenderingContext2D, row: TraceRow, view: TimeView, palette: WavePalette): void {
  const { y, height, format } = row;
  const top = y + PAD;
  const bottom = y + height - PAD;
  const middle = (top + bottom) / 2;
  ctx.textBaseline = 'middle';
  ctx.font = '12px ui-monospace, monospace';
  for (const { x0, x1, value } of valueSegments(row, view)) {
    if (value === null) {
      ctx.fillStyle = palette.trace;
      ctx.fillRect(x0, top, x1 - x0, bottom - top);
      continue;
    }
    const colour = isUnknown(value) ? palette.unknown : palette.trace;
    // A bus value is a long hexagon: slanted edges where it changes, the value written inside when it fits.
    const slant = Math.min(3, (x1 - x0) / 2);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(x0, middle);
    ctx.lineTo(x0 + slant, top);
    ctx.lineTo(x1 - slant, top);
    ctx.lineTo(x1, middle);
    ctx.lineTo(x1 - slant, bottom);
    ctx.lineTo(x0 + slant, bottom);
    ctx.closePath();
    ctx.stroke();
    const text = formatValue(value, format);
    const room = x1 - x0 - 2 * slant - 4;
    if (room > 8) {
      ctx.fillStyle = palette.text;
      const measured = ctx.measureText(text).width;
      const shown =
        measured <= room ? text : text.slice(0, Math.max(1, Math.floor((room / measured) * text.length) - 1)) + '…';
      ctx.fillText(shown, x0 + slant + 2, middle);
    }
  }
}

/** The analog row's vertical scale: value → y, after drawing its zero line and range labels. */
function analogScale(
  ctx: CanvasRenderingContext2D,
  row: TraceRow,
  view: TimeView,
  palette: WavePalette,
  [min, max]: readonly [number, number],
): (value: number) => number {
  const { y, height } = row;
  const top = y + PAD + 6;
  const bottom = y + height - PAD - 6;
  const span = max - min || 1;
  const toY = (value: number) => bottom - ((value - min) / span) * (bottom - top);
  // Zero line and the trace's range, as an oscilloscope's graticule would show them.
  ctx.fillStyle = palette.grid;
  if (min < 0 && max > 0) ctx.fillRect(0, Math.round(toY(0)), view.width, 1);
  ctx.fillStyle = palette.muted;
  ctx.font = '10px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  ctx.fillText(formatValue(`r${max}`, row.format), 2, y + 1);
  ctx.textBaseline = 'bottom';
  ctx.fillText(formatValue(`r${min}`, row.format), 2, y + height - 1);
  return toY;
}

/**
 * A summarised analog trace, column by column: a column without changes is the level in force, one with
 * changes a bar over their extent joined to the level before it (as for raw changes).
 */
function drawAnalogSummary(ctx: CanvasRenderingContext2D, row: TraceRow, view: TimeView, palette: WavePalette): void {
  const { extent, summaries } = row;
  if (!summaries?.length || !extent || !(extent[1] >= extent[0])) return;
  const toY = analogScale(ctx, row, view, palette, extent);
  const scale = row.format.voltsPerLsb ?? 1;
  ctx.fillStyle = palette.analog;
  let lastY: number | undefined;
  let lastX = -1;
  for (const column of pixelColumns(summaries, view)) {
    if (column.x !== lastX + 1) lastY = undefined;
    lastX = column.x;
    const before = analogValue(column.start, row.format);
    const startY = before === undefined ? lastY : toY(before);
    if (column.count === 0 || column.low === null || column.high === null) {
      if (startY !== undefined) ctx.fillRect(column.x, startY - 0.75, 1, 1.5);
      lastY = startY;
      continue;
    }
    const top = Math.min(toY(column.high * scale), startY ?? Infinity);
    const bottom = Math.max(toY(column.low * scale), startY ?? -Infinity);
    ctx.fillRect(column.x, top - 0.75, 1, bottom - top + 1.5);
    const after = analogValue(column.end, row.format);
    lastY = after === undefined ? undefined : toY(after);
  }
}

function drawAnalog(ctx: CanvasRenderingContext2D, row: TraceRow, view: TimeView, palette: WavePalette): void {
  if (!rawCovers(row, view)) {
    drawAnalogSummary(ctx, row, view, palette);
    return;
  }
  const { signal, numeric } = row;
  if (!signal || !numeric || !(numeric.max >= numeric.min)) return;
  const toY = analogScale(ctx, row, view, palette, row.extent ?? [numeric.min, numeric.max]);

  // Sparse runs are a stroked line; a column holding many changes is a filled bar from its minimum to its
  // maximum, joined to the value before it (an oscilloscope's peak detect). Bars are axis-aligned rectangles,
  // which a software canvas fills far faster than it strokes a path of thousands of vertical segments.
  ctx.strokeStyle = palette.analog;
  ctx.fillStyle = palette.analog;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  let drawing = false;
  /** Where the trace was left (the value in force), for joining a line to a bar or a bar to a line. */
  let lastY: number | undefined;
  const { times } = signal;
  for (const { x0, x1, index } of traceSegments(times, view)) {
    if (index !== BUSY) {
      const value = numeric.values[index]!;
      if (Number.isNaN(value)) {
        drawing = false;
        lastY = undefined;
        continue;
      }
      const level = toY(value);
      if (!drawing) ctx.moveTo(x0, lastY ?? level);
      ctx.lineTo(x0, level);
      ctx.lineTo(x1, level);
      drawing = true;
      lastY = level;
      continue;
    }
    for (const column of analogColumns(times, numeric, view, x0, x1)) {
      const top = Math.min(toY(column.high), lastY ?? Infinity);
      const bottom = Math.max(toY(column.low), lastY ?? -Infinity);
      ctx.fillRect(column.x, top - 0.75, 1, bottom - top + 1.5);
      lastY = Number.isNaN(column.last) ? undefined : toY(column.last);
    }
    drawing = false;
  }
  ctx.stroke();
}

export function drawRow(ctx: CanvasRenderingContext2D, row: TraceRow, view: TimeView, palette: WavePalette): void {
  if (row.selected) {
    ctx.fillStyle = palette.selected;
    ctx.fillRect(0, row.y, view.width, row.height);
  }
  ctx.fillStyle = palette.grid;
  ctx.fillRect(0, row.y + row.height - 1, view.width, 1);
  if (row.format.radix === 'analog' && row.format.width > 1) drawAnalog(ctx, row, view, palette);
  else if (row.format.width === 1) drawBit(ctx, row, view, palette);
  else drawBus(ctx, row, view, palette);
}

/** A vertical line across the traces at `time`, if it is in view. */
export function drawTimeLine(
  ctx: CanvasRenderingContext2D,
  view: TimeView,
  time: number | undefined,
  colour: string,
  height: number,
  dashed: boolean,
): void {
  if (time === undefined || time < view.start || time > view.end) return;
  const x = Math.round(timeToX(view, time)) + 0.5;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  ctx.setLineDash(dashed ? [4, 3] : []);
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x, height);
  ctx.stroke();
  ctx.setLineDash([]);
}
