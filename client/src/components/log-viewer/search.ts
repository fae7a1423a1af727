import { stripAnsi } from './ansi';

/** A case-insensitive matcher for the literal text `query` (no regex syntax), or `null` for an empty query. */
export function createMatcher(query: string): RegExp | null {
  if (!query) return null;
  return new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
}

/** Character ranges of every match of `matcher` in `text` (escape-free), end excluded. */
export function findInLine(text: string, matcher: RegExp): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  matcher.lastIndex = 0;
  for (let match = matcher.exec(text); match; match = matcher.exec(text)) {
    ranges.push({ start: match.index, end: match.index + match[0].length });
    // A literal non-empty query never matches the empty string, but never loop forever if it did.
    if (match[0].length === 0) matcher.lastIndex++;
  }
  return ranges;
}

/**
 * All matches of a search, stored per matching line (its index and how many matches came before it) in
 * typed arrays: a term found on every one of a million lines costs 8 MB, not a million objects.
 */
export class MatchIndex {
  private lines = new Int32Array(1024);
  private before = new Float64Array(1024);
  private size = 0;
  /** Total number of matches so far. */
  total = 0;

  /** Record `count` matches on line `line`; lines must be added in increasing order. */
  add(line: number, count: number): void {
    if (count <= 0) return;
    if (this.size === this.lines.length) {
      const lines = new Int32Array(this.size * 2);
      lines.set(this.lines);
      this.lines = lines;
      const before = new Float64Array(this.size * 2);
      before.set(this.before);
      this.before = before;
    }
    this.lines[this.size] = line;
    this.before[this.size] = this.total;
    this.size++;
    this.total += count;
  }

  /** Match number `n` (0-based) → its line and which occurrence within the line it is. */
  locate(n: number): { line: number; occurrence: number } | null {
    if (n < 0 || n >= this.total) return null;
    let low = 0;
    let high = this.size - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.before[mid]! <= n) low = mid;
      else high = mid - 1;
    }
    return { line: this.lines[low]!, occurrence: n - this.before[low]! };
  }

  /** The number of the first match on or after line `line` (wrapping to 0), or -1 without matches. */
  firstAtOrAfter(line: number): number {
    if (this.total === 0) return -1;
    let low = 0;
    let high = this.size;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.lines[mid]! < line) low = mid + 1;
      else high = mid;
    }
    return low < this.size ? this.before[low]! : 0;
  }
}

/**
 * Scan `lines[from..)` into `index` until the end or until `shouldYield()` says the time slice is used up
 * (checked every 1,024 lines). Returns the next line to scan.
 */
export function scanLines(
  lines: readonly string[],
  matcher: RegExp,
  index: MatchIndex,
  from: number,
  shouldYield: () => boolean,
): number {
  const end = lines.length;
  let line = from;
  while (line < end) {
    const stop = Math.min(end, line + 1024);
    for (; line < stop; line++) {
      const text = lines[line]!;
      matcher.lastIndex = 0;
      if (!matcher.test(text)) continue;
      // A raw hit may be inside an escape sequence; count on the text a person sees.
      const plain = stripAnsi(text);
      index.add(line, plain === text ? countFrom(text, matcher) : findInLine(plain, matcher).length);
    }
    if (shouldYield()) break;
  }
  return line;
}

/** Count the matches in `text`, given that `matcher` (global) has just matched once and stands after it. */
function countFrom(text: string, matcher: RegExp): number {
  let count = 1;
  while (matcher.exec(text)) count++;
  return count;
}
