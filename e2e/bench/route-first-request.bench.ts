/**
 * A simulation page's route to its first API request, in Debian's Chromium against a gateway of its own, two
 * ways, each run a fresh document (same session) in which the route's chunk is not loaded yet:
 *   - route change: the projects page open (its table shown, the network idle), then the hash set to a
 *     finished run's page;
 *   - direct load: that page's address opened (the first page: shell, API client and route chunk).
 * Timed in the page from the route change (from the document's start for a load): the route chunk's
 * arrival, the page's first request for the run (/api/simulations/{id}) and its answer, the route's first
 * content (its "Loading simulation" spinner) and the page's heading. A lazy route component waits for its
 * chunk inside the shell's Suspense, and React reveals a boundary's content no sooner than 300 ms after its
 * fallback showed; a transition (a route change) shows no fallback. Prints p50 and p95 of `--runs N` (10)
 * each; judges nothing (wall time on a shared machine: compare builds in alternating rounds, STATIC_DIR).
 * Run: node --import tsx e2e/bench/route-first-request.bench.ts [--runs 10] (BENCH_PORT, STATIC_DIR).
 */
import type { Page } from 'playwright';
import { benchAddress, newBenchPage, numberOption, percentile, startBenchApp, startWatchdog } from './support/bench';

const RUNS = numberOption('runs', 10);
const { port, origin } = benchAddress(18_196);

interface RunFigures {
  chunk: number;
  /** The page's first request for the run. */
  firstRequest: number;
  /** The API description in (GET /api/openapi.json: the client's operations), when this document read it. */
  apiDescription: number | undefined;
  /** The first request's answer in. */
  answer: number;
  /** The route's first content in the shell's view: its spinner, or the page. */
  content: number;
  heading: number;
}

const stopWatchdog = startWatchdog('route-first-request', 300_000);
const app = await startBenchApp(port);
try {
  const { page: signInPage } = await newBenchPage(app.browser, origin);
  await signInPage.goto(`${origin}/#/projects`);
  await signInPage.getByRole('button', { name: /ada@example.com/i }).click();
  await signInPage.waitForURL((url) => !url.pathname.startsWith('/app/') && !url.searchParams.has('state'));
  const request = signInPage.request;
  const projects = (await (await request.get(`${origin}/api/projects`)).json()) as { id: string }[];
  const projectId = projects[0]!.id;
  const started = await request.post(`${origin}/api/projects/${projectId}/simulations`, {
    data: { kind: 'stimulus', duration_cycles: 100, inputs: {} },
  });
  if (!started.ok()) throw new Error(`startSimulation answered ${started.status()}: ${await started.text()}`);
  const { id: simulationId } = (await started.json()) as { id: string };
  for (let status = ''; status !== 'passed'; await new Promise((resolve) => setTimeout(resolve, 200))) {
    ({ status } = (await (await request.get(`${origin}/api/simulations/${simulationId}`)).json()) as {
      status: string;
    });
    if (status === 'failed' || status === 'cancelled') throw new Error(`the run ${status}`);
  }
  const target = `#/projects/${projectId}/simulations/${simulationId}`;

  /** Records in the page when the route's first content and the page's heading show (window.routeMarks). */
  const MARKS_SCRIPT = `
    window.__name = (fn) => fn;
    window.routeMarks = {};
    new MutationObserver(() => {
      const marks = window.routeMarks, now = performance.now();
      const spinner = [...document.querySelectorAll('main .spinner')].some((s) => s.textContent === 'Loading simulation');
      if (!marks.content && (spinner || document.querySelector('.simulation-page'))) marks.content = now;
      if (!marks.heading && document.querySelector('.simulation-page h1')) marks.heading = now;
    }).observe(document, { childList: true, subtree: true });`;

  /** One run's figures from `since` (the route change, or 0: the document's start). */
  async function figures(page: Page, since: number): Promise<RunFigures> {
    await page.getByRole('heading', { level: 1, name: `Simulation ${simulationId.slice(-7)}` }).waitFor();
    const marks = await page.evaluate(() => (window as unknown as { routeMarks: Record<string, number> }).routeMarks);
    const entries = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    );
    const chunk = entries.find((entry) => entry.start >= since && /\/simulation-route[^/]*\.js$/.test(entry.path));
    const first = entries.find((entry) => entry.start >= since && entry.path === `/api/simulations/${simulationId}`);
    if (!first) throw new Error('no request for the run after the route change');
    const description = entries.find((entry) => entry.start >= since && entry.path === '/api/openapi.json');
    return {
      // A chunk already in the document (bundled into another) counts as arriving at once.
      chunk: (chunk?.end ?? since) - since,
      firstRequest: first.start - since,
      answer: first.end - since,
      content: marks.content! - since,
      heading: marks.heading! - since,
      apiDescription: description ? description.end - since : undefined,
    };
  }

  const routeChanges: RunFigures[] = [];
  const loads: RunFigures[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await signInPage.context().newPage();
    await page.addInitScript({ content: MARKS_SCRIPT });
    await page.goto(`${origin}/#/projects`);
    await page.getByRole('table').waitFor();
    await page.waitForLoadState('networkidle');
    const changedAt = await page.evaluate((hash) => {
      const at = performance.now();
      location.hash = hash;
      return at;
    }, target);
    routeChanges.push(await figures(page, changedAt));
    await page.close();

    const loaded = await signInPage.context().newPage();
    await loaded.addInitScript({ content: MARKS_SCRIPT });
    await loaded.goto(`${origin}/${target}`);
    loads.push(await figures(loaded, 0));
    await loaded.close();
  }

  const ROWS: [string, (run: RunFigures) => number | undefined][] = [
    ['route chunk arrived', (run) => run.chunk],
    ['API description in', (run) => run.apiDescription],
    ["the run's request started", (run) => run.firstRequest],
    ['  after the chunk', (run) => run.firstRequest - run.chunk],
    ['  its answer in', (run) => run.answer],
    ["route's first content shown", (run) => run.content],
    ['page heading shown', (run) => run.heading],
  ];
  for (const [name, runs] of [
    [`route change #/projects → a simulation's page, ${RUNS} runs`, routeChanges],
    [`direct load of a simulation's page, ${RUNS} runs`, loads],
  ] as const) {
    console.log(name);
    for (const [label, pick] of ROWS) {
      const values = runs.flatMap((run) => pick(run) ?? []);
      if (!values.length) continue; // the route change's document had read the API description before
      const p50 = percentile(values, 0.5).toFixed(0);
      const p95 = percentile(values, 0.95).toFixed(0);
      console.log(`  ${label.padEnd(34)} p50 ${p50.padStart(5)} ms   p95 ${p95.padStart(5)} ms`);
    }
  }
} finally {
  await app.close();
  stopWatchdog();
}
