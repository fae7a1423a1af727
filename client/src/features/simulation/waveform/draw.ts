// Drawing the traces on a 2-D canvas. Only the view's columns are visited (segments.ts), so the cost of a
// frame follows the canvas width and the number of rows, not the number of changes.
import type { SignalChanges } from './changes';
import { formatValue, type ValueFormat } from './radix';
import { analogColumns, BUSY, traceSegments, type NumericTrace } from './segments';
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
  signal: SignalChanges | undefined;
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

function drawBit(ctx: CanvasRenderingContext2D, row: TraceRow, view: TimeView, palette: WavePalette): void {
  const { signal, y, height } = row;
  if (!signal) return;
  const high = y + PAD;
  const low = y + height - PAD;
  let previousLevel: number | undefined;
  for (const { x0, x1, index } of traceSegments(signal.times, view)) {
    if (index === BUSY) {
      ctx.fillStyle = palette.trace;
      ctx.fillRect(x0, high, x1 - x0, low - high);
      previousLevel = undefined;
      continue;
    }
    const value = signal.values[index]!;
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
  const { signal, y, height, format } = row;
  if (!signal) return;
  const top = y + PAD;
  const bottom = y + height - PAD;
  const middle = (top + bottom) / 2;
  ctx.textBaseline = 'middle';
  ctx.font = '12px ui-monospace, monospace';
  for (const { x0, x1, index } of traceSegments(signal.times, view)) {
    if (index === BUSY) {
      ctx.fillStyle = palette.trace;
      ctx.fillRect(x0, top, x1 - x0, bottom - top);
      continue;
    }
    const value = signal.values[index]!;
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

function drawAnalog(ctx: CanvasRenderingContext2D, row: TraceRow, view: TimeView, palette: WavePalette): void {
  const { signal, numeric, y, height } = row;
  if (!signal || !numeric || !(numeric.max >= numeric.min)) return;
  const top = y + PAD + 6;
  const bottom = y + height - PAD - 6;
  const span = numeric.max - numeric.min || 1;
  const toY = (value: number) => bottom - ((value - numeric.min) / span) * (bottom - top);
  // Zero line and the trace's range, as an oscilloscope's graticule would show them.
  ctx.fillStyle = palette.grid;
  if (numeric.min < 0 && numeric.max > 0) ctx.fillRect(0, Math.round(toY(0)), view.width, 1);
  ctx.fillStyle = palette.muted;
  ctx.font = '10px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  ctx.fillText(formatValue(`r${numeric.max}`, row.format), 2, y + 1);
  ctx.textBaseline = 'bottom';
  ctx.fillText(formatValue(`r${numeric.min}`, row.format), 2, y + height - 1);

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
