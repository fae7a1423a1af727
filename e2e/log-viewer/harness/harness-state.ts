/** What the harness page exposes on `window.__harness` for Playwright (timings, and the viewer's callbacks). */
export interface HarnessState {
  lineCount: number;
  /** Time to generate the log in the page, ms. */
  generateMs: number;
  /** performance.now() just before the viewer was mounted, after its commit, and after its first paint. */
  mountStart: number;
  committedAt: number;
  firstPaintAt: number;
  /** Calls of onOpenLocation. */
  opened: { file: string; line: number }[];
}

declare global {
  interface Window {
    __harness: HarnessState;
  }
}
