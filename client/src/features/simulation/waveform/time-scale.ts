// Time ↔ pixel arithmetic of the waveform viewer: what part of the run is shown, and where an instant is drawn.
// Times are in the run's time unit (picoseconds from GET …/signals), as plain numbers: 2^53 ps is 104 days.

/** The shown part of a run: `start`…`end` (time units) across `width` CSS pixels. */
export interface TimeView {
  start: number;
  end: number;
  width: number;
}

/** The narrowest view: a few time units across the whole width, so zooming in stops somewhere sensible. */
export const MIN_SPAN = 4;

export function timeToX(view: TimeView, time: number): number {
  return ((time - view.start) / (view.end - view.start)) * view.width;
}

export function xToTime(view: TimeView, x: number): number {
  return view.start + (x / view.width) * (view.end - view.start);
}

/** Keeps `start`…`end` inside the run (0…`endTime`), moving rather than shrinking a view that sticks out. */
export function clampView(view: TimeView, endTime: number): TimeView {
  const total = Math.max(endTime, MIN_SPAN);
  const span = Math.min(Math.max(view.end - view.start, MIN_SPAN), total);
  let start = Math.max(0, view.start);
  if (start + span > total) start = total - span;
  return { start, end: start + span, width: view.width };
}

/** Zooms by `factor` (> 1 in, < 1 out) keeping `anchor` (a time) at the same pixel. */
export function zoomView(view: TimeView, factor: number, anchor: number, endTime: number): TimeView {
  const span = (view.end - view.start) / factor;
  const ratio = (anchor - view.start) / (view.end - view.start);
  const start = anchor - ratio * span;
  return clampView({ start, end: start + span, width: view.width }, endTime);
}

/** Moves the view by `pixels` (positive: later times come into view). */
export function panView(view: TimeView, pixels: number, endTime: number): TimeView {
  const shift = (pixels / view.width) * (view.end - view.start);
  return clampView({ start: view.start + shift, end: view.end + shift, width: view.width }, endTime);
}

/** The whole run. */
export function fitView(endTime: number, width: number): TimeView {
  return { start: 0, end: Math.max(endTime, MIN_SPAN), width };
}

const UNITS: [number, string][] = [
  [1e12, 's'],
  [1e9, 'ms'],
  [1e6, 'µs'],
  [1e3, 'ns'],
  [1, 'ps'],
];

/** A time in picoseconds as people read it: "1.5 µs", "250 ns", "0 ps" (up to four significant digits). */
export function formatTime(ps: number): string {
  if (ps === 0) return '0 ps';
  const magnitude = Math.abs(ps);
  const [scale, unit] = UNITS.find(([size]) => magnitude >= size) ?? [1, 'ps'];
  return `${Number((ps / scale).toPrecision(4))} ${unit}`;
}

/** Grid lines for the time axis: round steps (1, 2, 5 × 10^n) about `minPixels` apart, inside the view. */
export function timeTicks(view: TimeView, minPixels = 80): number[] {
  const span = view.end - view.start;
  if (!(span > 0) || !(view.width > 0)) return [];
  const rough = (span * minPixels) / view.width;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let t = Math.ceil(view.start / step) * step; t <= view.end && ticks.length < 1000; t += step) ticks.push(t);
  return ticks;
}
