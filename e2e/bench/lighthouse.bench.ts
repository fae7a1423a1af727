/**
 * Lighthouse on the signed-in projects page (`#/projects`), as a visitor's phone sees it: Lighthouse's
 * default mobile run (simulated slow 4G, 4× CPU slowdown) and its desktop preset, in Debian's Chromium.
 * Starts the gateway in mock mode with the built client, signs in once in a persistent browser profile,
 * then lets Lighthouse drive that browser over its debugging port (storage kept, so the run is signed in).
 * Prints the category scores and the metrics behind performance; exits non-zero when the mobile
 * performance score is under the budget or total blocking time over it.
 * Run: node --import tsx e2e/bench/lighthouse.bench.ts [--runs 1] [--wait-load 30] [--details]
 * (`--details` also prints where the main thread's time went: scripts by boot-up time, the longest tasks).
 *
 * Why a run on a busy machine is not a figure for the page: the mobile preset's simulated throttling
 * multiplies the main-thread time it observed by 4 (the CPU slowdown), so tasks slowed by other processes
 * come out four times as slow, and total blocking time blows up (a committed 74 / 1,222 ms where quiet runs
 * gave 100 / 0–40 ms). So each run prints Lighthouse's own measure of the CPU it had
 * (`environment.benchmarkIndex`, higher is faster) and the load average; before each run the bench waits
 * up to --wait-load seconds for the 1-minute load to fall to the core count. A run whose benchmark index
 * is under SLOW_RUN_SHARE of the machine's idle one (BENCH_IDLE_BENCHMARK_INDEX, else the best run seen
 * here) is marked slowed, and the budget is judged on the median of the runs that are not.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { chromium } from 'playwright';
import { startGateway } from '../support/gateway';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium';
import { mainThreadTime, type TraceEvent } from './main-thread-time';
import { median } from './support/bench';

const MOBILE_PERFORMANCE_BUDGET = 95;
const MOBILE_TBT_BUDGET_MS = 200;
const PORT = Number(process.env.BENCH_PORT ?? 18_193);
const DEBUGGING_PORT = Number(process.env.BENCH_DEBUGGING_PORT ?? 19_222);
const ORIGIN = `http://localhost:${PORT}`;
const STATIC_DIR = process.env.STATIC_DIR ?? 'client/dist';
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1] ?? 1) || 1;
const DETAILS = args.includes('--details');
const WAIT_LOAD_S = args.includes('--wait-load') ? Number(args[args.indexOf('--wait-load') + 1]) : 30;
/** A run with a benchmark index under this share of the idle one had a slowed CPU: marked, not judged. */
const SLOW_RUN_SHARE = 0.75;
const IDLE_BENCHMARK_INDEX = Number(process.env.BENCH_IDLE_BENCHMARK_INDEX ?? 0) || 0;
const CORES = availableParallelism();

const watchdogMs = 300_000 + 2 * RUNS * WAIT_LOAD_S * 1000;
const watchdog = setTimeout(() => {
  console.error(`lighthouse bench: gave up after ${Math.round(watchdogMs / 60_000)} minutes`);
  process.exit(2);
}, watchdogMs);

const loadAverage = () => loadavg()[0] ?? 0;
/** Waits up to WAIT_LOAD_S for the 1-minute load average to fall to the core count; true when it did. */
async function waitForQuiet(): Promise<boolean> {
  const deadline = Date.now() + WAIT_LOAD_S * 1000;
  while (loadAverage() > CORES) {
    if (Date.now() >= deadline) return false;
    await new Promise((done) => setTimeout(done, 2000));
  }
  return true;
}

interface RunFigures {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** The page's main-thread tasks: their CPU time and their wall time (ms). */
  mainThread: { cpu: number; wall: number };
  /** Audits that cost a category points (performance's metrics are printed on their own). */
  failing: string[];
  /** Lighthouse's measure of the CPU during the run (higher is faster), and the machine's 1-minute load. */
  benchmarkIndex: number;
  load: number;
  /** The load was still over the core count when the run started. */
  underLoad: boolean;
  /** Set once all runs are in: the benchmark index was far under the idle one. */
  slowed?: boolean;
}

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  interactive: 'TTI',
  'speed-index': 'SI',
  'cumulative-layout-shift': 'CLS',
  'bootup-time': 'JS boot-up',
} as const;

async function audit(url: string, preset: 'mobile' | 'desktop'): Promise<RunFigures> {
  const underLoad = !(await waitForQuiet());
  const load = loadAverage();
  const flags: Flags = {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    // The profile holds the sign-in cookies; Lighthouse would clear them before loading the page.
    disableStorageReset: true,
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error('Lighthouse returned no result');
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
  const scores = Object.fromEntries(
    Object.entries(categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(Object.keys(METRICS).map((id) => [id, audits[id]?.numericValue ?? NaN]));
  const failing = Object.entries(categories)
    .filter(([id]) => id !== 'performance')
    .flatMap(([, category]) => category.auditRefs)
    .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  const mainThread = mainThreadTime(result.artifacts.Trace.traceEvents as TraceEvent[]);
  if (DETAILS) printDetails(preset, audits);
  const figures = { scores, metrics, mainThread, failing, benchmarkIndex: environment.benchmarkIndex, load, underLoad };
  console.log(
    `  ${preset.padEnd(8)} run: performance ${scores.performance}, TBT ${Math.round(metrics['total-blocking-time'] ?? NaN)} ms; ` +
      `benchmark index ${Math.round(figures.benchmarkIndex)}, load average ${load.toFixed(1)} on ${CORES} cores` +
      (underLoad ? ' (taken under load: it did not fall within the wait)' : ''),
  );
  return figures;
}

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];
interface DetailItem {
  url?: string;
  total?: number;
  scripting?: number;
  scriptParseCompile?: number;
  startTime?: number;
  duration?: number;
  groupLabel?: string;
}

function printDetails(preset: string, audits: Audits) {
  const items = (id: string) =>
    ((audits[id]?.details as { items?: DetailItem[] } | undefined)?.items ?? []).slice(0, 8);
  const name = (url = '') => url.replace(ORIGIN, '') || '(page)';
  console.log(`  ${preset}: main thread`);
  for (const item of items('mainthread-work-breakdown'))
    console.log(`    ${String(item.groupLabel).padEnd(32)} ${Math.round(item.duration ?? 0)} ms`);
  console.log(`  ${preset}: scripts by boot-up time (total / evaluation / parse+compile)`);
  for (const item of items('bootup-time'))
    console.log(
      `    ${name(item.url).padEnd(48)} ${Math.round(item.total ?? 0)} / ${Math.round(item.scripting ?? 0)} / ${Math.round(item.scriptParseCompile ?? 0)} ms`,
    );
  console.log(`  ${preset}: longest tasks (start, duration)`);
  for (const item of items('long-tasks'))
    console.log(
      `    ${name(item.url).padEnd(48)} ${Math.round(item.startTime ?? 0)} ms, ${Math.round(item.duration ?? 0)} ms`,
    );
}

function print(preset: string, runs: RunFigures[]) {
  const score = (id: string) => median(runs.map((run) => run.scores[id] ?? NaN));
  const metric = (id: string) => median(runs.map((run) => run.metrics[id] ?? NaN));
  console.log(
    `  ${preset.padEnd(8)} performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
      `best practices ${score('best-practices')}, SEO ${score('seo')}`,
  );
  const parts = Object.entries(METRICS).map(([id, label]) =>
    id === 'cumulative-layout-shift' ? `${label} ${metric(id).toFixed(3)}` : `${label} ${Math.round(metric(id))} ms`,
  );
  console.log(`  ${''.padEnd(8)} ${parts.join(', ')}`);
  if (runs.length > 1) {
    // The spread, not only the median: on a shared machine one run in several can be far off.
    const each = (format: (run: RunFigures) => string) => runs.map(format).join(', ');
    console.log(
      `  ${''.padEnd(8)} each run: performance ${each((run) => String(run.scores.performance))}; ` +
        `TBT ${each((run) => `${Math.round(run.metrics['total-blocking-time'] ?? NaN)}`)} ms; ` +
        `benchmark index ${each((run) => `${Math.round(run.benchmarkIndex)}${run.slowed ? ' (slowed)' : ''}`)}; ` +
        `load ${each((run) => run.load.toFixed(1))}`,
    );
  }
  const cpu = median(runs.map((run) => run.mainThread.cpu));
  const wall = median(runs.map((run) => run.mainThread.wall));
  console.log(
    `  ${''.padEnd(8)} page main thread: ${Math.round(cpu)} ms of CPU in ${Math.round(wall)} ms of tasks ` +
      `(${Math.round(100 * (1 - cpu / wall))} % of it off the CPU, waiting for one or blocked; the mobile run's 4× slowdown multiplies that too)`,
  );
  const failing = [...new Set(runs.flatMap((run) => run.failing))];
  if (failing.length > 0) console.log(`  ${''.padEnd(8)} audits that cost points: ${failing.join(', ')}`);
}

async function main() {
  if (!existsSync(`${STATIC_DIR}/index.html`))
    throw new Error(`no built client in ${STATIC_DIR} (run npm run build, or set STATIC_DIR)`);
  const gateway = await startGateway(PORT, { STATIC_DIR, MOCK_AUTO_LOGIN: 'ada@example.com', LOG_LEVEL: 'error' });
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  let failed = false;
  try {
    await browser.addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: ORIGIN }]);
    const page = await browser.newPage();
    await page.goto(`${ORIGIN}/#/projects`);
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await page.close();

    const url = `${ORIGIN}/#/projects`;
    console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}on ${url}, signed in:`);
    const results: Record<'mobile' | 'desktop', RunFigures[]> = { mobile: [], desktop: [] };
    for (const preset of ['mobile', 'desktop'] as const)
      for (let run = 0; run < RUNS; run++) results[preset].push(await audit(url, preset));
    // The CPU's speed is the machine's, whatever the preset: the best index of all runs stands for idle.
    const all = [...results.mobile, ...results.desktop];
    const idleIndex = IDLE_BENCHMARK_INDEX || Math.max(...all.map((run) => run.benchmarkIndex));
    for (const run of all) run.slowed = run.benchmarkIndex < SLOW_RUN_SHARE * idleIndex;
    console.log(
      `Medians (idle benchmark index ${Math.round(idleIndex)}${IDLE_BENCHMARK_INDEX ? ', BENCH_IDLE_BENCHMARK_INDEX' : ', the best run here'}; ` +
        `runs under ${Math.round(SLOW_RUN_SHARE * 100)} % of it are marked slowed):`,
    );
    for (const preset of ['mobile', 'desktop'] as const) print(preset, results[preset]);
    const judged = results.mobile.filter((run) => !run.slowed);
    if (judged.length === 0) {
      console.log('  budget: not judged, every mobile run was taken with a slowed CPU; run again on a quiet machine');
    } else {
      const performance = median(judged.map((run) => run.scores.performance ?? 0));
      const tbt = median(judged.map((run) => run.metrics['total-blocking-time'] ?? Infinity));
      console.log(
        `  budget (median of the ${judged.length} mobile run(s) not slowed): performance ≥ ${MOBILE_PERFORMANCE_BUDGET} (${performance}), ` +
          `total blocking time < ${MOBILE_TBT_BUDGET_MS} ms (${Math.round(tbt)} ms)`,
      );
      failed = performance < MOBILE_PERFORMANCE_BUDGET || tbt >= MOBILE_TBT_BUDGET_MS;
    }
  } finally {
    await browser.close();
    await gateway.close();
    rmSync(profile, { recursive: true, force: true });
  }
  clearTimeout(watchdog);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
