/** A range of 1-based log line numbers, both ends included (`from <= to`). */
export interface LineRange {
  from: number;
  to: number;
}

const RANGE = /^\s*(?:L)?(\d{1,9})\s*(?:-\s*(?:L)?(\d{1,9})\s*)?$/i;

/**
 * `"120-135"` → `{from: 120, to: 135}`; `"120"` → `{from: 120, to: 120}`; a reversed range is put in order.
 * GitHub-style `L120-L135` is accepted too. Anything else (empty, zero, negative, words) → `null`.
 */
export function parseLineRange(text: string | null | undefined): LineRange | null {
  if (!text) return null;
  const match = RANGE.exec(text);
  if (!match) return null;
  const first = Number(match[1]);
  const second = match[2] === undefined ? first : Number(match[2]);
  if (first < 1 || second < 1) return null;
  return { from: Math.min(first, second), to: Math.max(first, second) };
}

/** `{from: 120, to: 135}` → `"120-135"`; a single line → `"120"`. The inverse of `parseLineRange`. */
export function formatLineRange(range: LineRange): string {
  return range.from === range.to ? String(range.from) : `${range.from}-${range.to}`;
}

/**
 * The `line` parameter of a route's query (`?line=120-135`, as in `#/builds/p/b?line=120-135`).
 * Takes the part of the hash or URL after `?`, or a whole hash/URL.
 */
export function lineRangeFromQuery(queryOrHash: string): LineRange | null {
  const query = queryOrHash.includes('?') ? queryOrHash.slice(queryOrHash.indexOf('?') + 1) : queryOrHash;
  return parseLineRange(new URLSearchParams(query).get('line'));
}

/**
 * The hash route with its `line` parameter set to `range` (or removed for `null`), other parameters kept:
 * `('#/builds/p/b', {from: 120, to: 135})` → `'#/builds/p/b?line=120-135'`.
 */
export function hashWithLineRange(hash: string, range: LineRange | null): string {
  const at = hash.indexOf('?');
  const path = at < 0 ? hash : hash.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
  if (range) params.set('line', formatLineRange(range));
  else params.delete('line');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * What a click on line `line` selects: the line alone, or with Shift held, the range from the current
 * selection's anchor (its first line) to the clicked line.
 */
export function selectLine(current: LineRange | null | undefined, line: number, extend: boolean): LineRange {
  if (!extend || !current) return { from: line, to: line };
  const anchor = current.from;
  return { from: Math.min(anchor, line), to: Math.max(anchor, line) };
}

/** Whether 1-based `line` lies within `range`. */
export function inRange(range: LineRange | null | undefined, line: number): boolean {
  return !!range && line >= range.from && line <= range.to;
}
