/**
 * Waveform viewer benchmark: the app's simulation page in Debian's Chromium against a gateway of its own,
 * the run's answers served by the page (page.route) as the contract has them: a 16-bit analog output with
 * 1,000,000 value changes, read in pieces of 100,000 (getWaveform's limit), and a clock. Measures:
 *   - open: from navigating to the page to the viewer holding every change and having drawn them (≤ 1 s);
 *   - frames while zooming and panning with the wheel, one wheel event per frame (p95 ≤ 17 ms).
 * Run: node --import tsx e2e/bench/waveform.bench.ts [--changes 1000000]. Exits non-zero over a budget.
 */
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium';
import { startGateway } from '../support/gateway';

const OPEN_BUDGET_MS = 1000;
const FRAME_P95_BUDGET_MS = 17;
const at = process.argv.indexOf('--changes');
const CHANGES = at >= 0 ? Number(process.argv[at + 1]) : 1_000_000;
const PAGE = 100_000;
const STEP_PS = 8000; // one change per 125 MHz clock cycle
const END = CHANGES * STEP_PS;
const PORT = Number(process.env.BENCH_PORT ?? 18_977);

const watchdog = setTimeout(() => {
  console.error('waveform bench: gave up after 4 minutes');
  process.exit(2);
}, 240_000);

const percentile = (values: number[], p: number) =>
  values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

/** OutputA: a sine in codes, one change per cycle (a new value every time), as 16-bit two's complement bits. */
const bitsAt = (index: number) => (Math.round(Math.sin(index / 50) * 20_000) & 0xffff).toString(2).padStart(16, '0');

function waveformAnswer(ids: string[], from: number) {
  const first = Math.ceil(from / STEP_PS) + (from % STEP_PS === 0 && from > 0 ? 1 : 0);
  const signals = ids.map((id) => {
    if (id === 'clk') {
      return { id, initial: '0', changes: [] as [number, string][], truncated: false };
    }
    const last = Math.min(CHANGES, first + PAGE);
    const changes: [number, string][] = [];
    for (let index = first; index < last; index++) changes.push([index * STEP_PS, bitsAt(index)]);
    return { id, initial: bitsAt(Math.max(0, first - 1)), changes, truncated: last < CHANGES };
  });
  return { from, to: END, signals };
}

const gateway = await startGateway(PORT);
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  await context.addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: gateway.origin }]);
  const page = await context.newPage();
  await page.goto(`${gateway.origin}/#/projects`);
  await page.getByRole('button', { name: /ada@example.com/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/app/') && !url.searchParams.has('state'));
  const projects = (await (await page.request.get(`${gateway.origin}/api/projects`)).json()) as { id: string }[];
  const projectId = projects[0]!.id;

  const simulation = {
    id: 'bench-run',
    project_id: projectId,
    kind: 'stimulus',
    status: 'passed',
    created_at: new Date().toISOString(),
    started_at: new Date().toISOString(),
    finished_at: new Date().toISOString(),
    duration_cycles: CHANGES,
    clock_hz: 125e6,
    failure: null,
  };
  const signals = {
    time_unit: 'ps',
    end_time: END,
    signals: [
      {
        id: 'out',
        path: 'tb.OutputA',
        scope: 'tb',
        name: 'OutputA',
        width: 16,
        type: 'wire',
        signed: true,
        volts_per_lsb: 1 / 32768,
      },
      { id: 'clk', path: 'tb.Clk', scope: 'tb', name: 'Clk', width: 1, type: 'wire' },
    ],
  };
  // Answers made before they are asked for, so the bench measures the browser, not this script.
  const pieces = new Map<number, string>();
  for (let from = 0; from < END; from += PAGE * STEP_PS)
    pieces.set(from, JSON.stringify(waveformAnswer(['out'], from)));
  await page.route('**/api/simulations/bench-run**', async (route) => {
    const url = new URL(route.request().url());
    const json = (body: unknown) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
    if (url.pathname.endsWith('/signals')) return json(signals);
    if (url.pathname.endsWith('/log')) return json({ lines: [], offset: 0, next_offset: 0, total: 0, complete: true });
    if (url.pathname.endsWith('/waveform')) {
      const ids = (url.searchParams.get('signals') ?? '').split(',');
      const from = Number(url.searchParams.get('from') ?? 0);
      const body = ids.length === 1 && ids[0] === 'out' ? pieces.get(from) : undefined;
      return route.fulfill({
        contentType: 'application/json',
        body: body ?? JSON.stringify(waveformAnswer(ids, from)),
      });
    }
    return json(simulation);
  });

  const started = Date.now();
  await page.goto(`${gateway.origin}/#/projects/${projectId}/simulations/bench-run`);
  await page.locator('li[data-signal="out"] output').filter({ hasNotText: 'loading…' }).waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => !/Reading the changes/.test(document.body.textContent ?? ''), null, {
    timeout: 60_000,
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const openMs = Date.now() - started;

  // Zoom in and out and pan with the wheel: one event per frame, frame intervals measured in the page.
  const frames = await page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>('.wave-canvas canvas')!;
    const box = canvas.getBoundingClientRect();
    const intervals: number[] = [];
    let last = performance.now();
    for (let frame = 0; frame < 240; frame++) {
      const phase = Math.floor(frame / 40) % 3; // zoom in, pan, zoom out
      canvas.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY: phase === 0 ? -120 : phase === 1 ? 60 : 120,
          ctrlKey: phase !== 1,
          clientX: box.left + box.width / 2,
          clientY: box.top + 40,
          bubbles: true,
          cancelable: true,
        }),
      );
      await new Promise((done) => requestAnimationFrame(done));
      const now = performance.now();
      intervals.push(now - last);
      last = now;
    }
    return intervals;
  });
  const p95 = percentile(frames.slice(5), 95);
  const p50 = percentile(frames.slice(5), 50);
  const readout = await page.locator('#wave-readout').textContent();
  console.log(`waveform viewer, ${CHANGES.toLocaleString('en')} value changes (analog, 16 bits):`);
  console.log(`  open (navigation to all changes drawn): ${openMs} ms (budget ${OPEN_BUDGET_MS} ms)`);
  console.log(
    `  zoom/pan frames: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget ${FRAME_P95_BUDGET_MS} ms)`,
  );
  console.log(`  last view: ${readout}`);
  if (openMs > OPEN_BUDGET_MS || p95 > FRAME_P95_BUDGET_MS) failed = true;
} finally {
  await browser.close();
  await gateway.close();
  clearTimeout(watchdog);
}
process.exit(failed ? 1 : 0);
