import { createMatcher, MatchIndex, scanLines } from './search';

/** How long one slice of searching may hold the main thread before the browser paints and handles typing. */
const SLICE_MS = 10;

export interface SearchSnapshot {
  /** The query the matches belong to, `''` when no search is active. */
  query: string;
  /** Case-insensitive literal matcher for `query`, to mark matches in the rows on screen. */
  matcher: RegExp | null;
  total: number;
  /** 0-based number of the current match, -1 when there is none. */
  current: number;
  /** Line (0-based) and occurrence within it of the current match. */
  currentAt: { line: number; occurrence: number } | null;
  /** True while part of the log is still to be scanned. */
  searching: boolean;
}

export const IDLE_SEARCH: SearchSnapshot = {
  query: '',
  matcher: null,
  total: 0,
  current: -1,
  currentAt: null,
  searching: false,
};

type Schedule = (run: () => void) => () => void;
const nextTask: Schedule = (run) => {
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
};

/**
 * One search over a (growing) log, scanned in short time slices so the page stays responsive.
 * `onUpdate` receives a snapshot after every slice and every move; `onReveal(line)` when the current match
 * moves to a line (the first match found, next, previous).
 */
export class SearchRunner {
  private query = '';
  private matcher: RegExp | null = null;
  private lines: readonly string[] = [];
  private index = new MatchIndex();
  private next = 0;
  private current = -1;
  private cancel: (() => void) | null = null;

  constructor(
    private readonly onUpdate: (snapshot: SearchSnapshot) => void,
    private onReveal: (line: number) => void = () => {},
    private readonly schedule: Schedule = nextTask,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Replace the callback for match moves (the viewer's scroll function changes with its sections). */
  setRevealHandler(onReveal: (line: number) => void): void {
    this.onReveal = onReveal;
  }

  /** Search `lines` for `query` from scratch (an empty query stops searching). */
  start(query: string, lines: readonly string[]): void {
    this.stop();
    this.query = query;
    this.matcher = createMatcher(query);
    this.lines = lines;
    this.index = new MatchIndex();
    this.next = 0;
    this.current = -1;
    if (!this.matcher) {
      this.onUpdate(IDLE_SEARCH);
      return;
    }
    this.runSlice();
  }

  /** The log changed: scan what was appended, or start over if it is another log. */
  setLines(lines: readonly string[]): void {
    if (!this.matcher || lines === this.lines) return;
    const old = this.lines;
    const appended = lines.length >= old.length && (old.length === 0 || lines[0] === old[0]);
    if (!appended) {
      this.start(this.query, lines);
      return;
    }
    this.lines = lines;
    if (!this.cancel) this.cancel = this.schedule(() => this.runSlice());
  }

  /** Move to the next (+1) or previous (-1) match, wrapping around. */
  step(delta: 1 | -1): void {
    const total = this.index.total;
    if (total === 0) return;
    this.current = this.current < 0 ? 0 : (this.current + delta + total) % total;
    this.publish();
    const at = this.index.locate(this.current);
    if (at) this.onReveal(at.line);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }

  private runSlice(): void {
    this.cancel = null;
    const matcher = this.matcher;
    if (!matcher) return;
    const deadline = this.now() + SLICE_MS;
    const hadMatches = this.index.total > 0;
    this.next = scanLines(this.lines, matcher, this.index, this.next, () => this.now() > deadline);
    const firstFound = !hadMatches && this.index.total > 0;
    if (firstFound) this.current = 0;
    this.publish();
    if (firstFound) this.onReveal(this.index.locate(0)!.line);
    if (this.next < this.lines.length) this.cancel = this.schedule(() => this.runSlice());
  }

  private publish(): void {
    this.onUpdate({
      query: this.query,
      matcher: this.matcher,
      total: this.index.total,
      current: this.current,
      currentAt: this.index.locate(this.current),
      searching: this.next < this.lines.length,
    });
  }
}
