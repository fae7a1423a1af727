/**
 * Browsers cap how tall an element can be (Chromium about 33.5 million px, Firefox about 17.9 million), so
 * the scroll area holds a window of the log's rows that fits under the cap — all of them unless the log is
 * huge (Chromium: 1.5 million rows at 20 px; wrapped rows are taller). These are the window's rules.
 */

/** Share of the browser's cap the window may use. */
const HEADROOM = 0.9;
let cachedMaxHeight: number | null = null;

/** The tallest element this browser lays out, in px (measured once); Infinity where nothing is laid out (jsdom). */
export function browserMaxElementHeight(): number {
  if (cachedMaxHeight !== null) return cachedMaxHeight;
  if (typeof document === 'undefined' || !document.body) return Number.POSITIVE_INFINITY;
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:0;left:0;width:1px;height:1000000000px;visibility:hidden';
  document.body.append(probe);
  const height = probe.getBoundingClientRect().height;
  probe.remove();
  cachedMaxHeight = height > 0 ? height : Number.POSITIVE_INFINITY;
  return cachedMaxHeight;
}

/** How many rows of `rowHeight` px fit under a cap of `maxHeight` px (at least 100). */
export function windowRowsFor(maxHeight: number, rowHeight: number): number {
  if (!Number.isFinite(maxHeight)) return Number.POSITIVE_INFINITY;
  return Math.max(100, Math.floor((maxHeight * HEADROOM) / rowHeight));
}

/** The window's first row, kept inside `[0, rowCount - size]`. */
export function clampWindowStart(start: number, rowCount: number, size: number): number {
  return Math.max(0, Math.min(start, rowCount - size));
}

/** A window of `size` rows centred on `row`. */
export function windowAround(row: number, rowCount: number, size: number): number {
  return clampWindowStart(row - Math.floor(size / 2), rowCount, size);
}

/** Fewer rows when the window's measured height `totalHeight` overflows the cap (wrapped rows are taller). */
export function shrinkToFit(rows: number, totalHeight: number, maxHeight: number): number {
  if (totalHeight <= maxHeight * HEADROOM) return rows;
  return Math.max(100, Math.floor((rows * maxHeight * HEADROOM * 0.95) / totalHeight));
}
