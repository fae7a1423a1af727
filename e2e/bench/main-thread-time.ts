export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/**
 * CPU and wall time of the page's main-thread tasks from the page load on. Lighthouse's mobile figures
 * multiply each task's wall time by four; on a shared machine a task also waits for a CPU (and may
 * block), and that is multiplied too. The two side by side tell how much of a run's blocking time is the page.
 */
export function mainThreadTime(events: readonly TraceEvent[]): { cpu: number; wall: number } {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  // The page's own navigation (Lighthouse also loads about:blank before and after, with no URL here).
  const start = events.findLast(
    (event) =>
      event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && event.args.data.documentLoaderURL,
  );
  const tasks = new Map<string, { cpu: number; wall: number }>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mainThreads.has(thread)) continue;
    if (start && (event.pid !== start.pid || event.ts < start.ts)) continue;
    const sum = tasks.get(thread) ?? { cpu: 0, wall: 0 };
    sum.cpu += (event.tdur ?? 0) / 1000;
    sum.wall += (event.dur ?? 0) / 1000;
    tasks.set(thread, sum);
  }
  // The page's renderer is the busiest main thread (others are blank or extension pages).
  return [...tasks.values()].sort((a, b) => b.wall - a.wall)[0] ?? { cpu: 0, wall: 0 };
}
