/**
 * Waveform viewer benchmark: the app's simulation page in Debian's Chromium against a gateway of its own,
 * with a real run of that gateway's mock: a stimulus simulation of 1,000,000 clock cycles whose InputA (a
 * 16-bit analog input, a sine that moves every cycle) has 1,000,000 value changes, next to its clock (two
 * changes a cycle) and the other ports. The answers come from the gateway's own store and waveform reads,
 * as the viewer asks for them: summaries in time buckets (getWaveform with columns), changes one by one only
 * where few are in view. Measures:
 *   - open: from navigating to the page to the viewer having drawn the run and shown InputA's value at the
 *     cursor, timed in the page (≤ 1 s);
 *   - the gateway's answer time for a summary of the run's 3,000,000 changes (InputA and the clock);
 *   - frames while zooming and panning with the wheel, one wheel event per frame: the viewer's own work a
 *     frame (p95 ≤ 17 ms), and no more frames dropped than a bare canvas drops in the same page.
 * Recording the run (before the clock starts) is printed as setup.
 * Run: node --import tsx e2e/bench/waveform.bench.ts [--changes 1000000]. Exits non-zero over a budget.
 */
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium';
import { startGateway } from '../support/gateway';
import { numberOption, percentile, startWatchdog } from './support/bench';

const OPEN_BUDGET_MS = 1000;
const FRAME_P95_BUDGET_MS = 17;
const CHANGES = numberOption('changes', 1_000_000);
const PORT = Number(process.env.BENCH_PORT ?? 18_977);

const stopWatchdog = startWatchdog('waveform', 240_000);

// A run of a million cycles writes a VCD of about 50 MB (the default bound is 32 MB).
const gateway = await startGateway(PORT, { MOCK_SIMULATION_VCD_MB: '128', MOCK_SIMULATION_STORAGE_MB: '256' });
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

  // A real run of the gateway's mock (MOCK_BUILDS=simulated replays the stimulus through the same recorder,
  // store and waveform answers as the tools' runs): InputA a sine that moves every clock cycle.
  const setupStarted = Date.now();
  const start = await page.request.post(`${gateway.origin}/api/projects/${projectId}/simulations`, {
    data: {
      kind: 'stimulus',
      duration_cycles: CHANGES,
      inputs: { A: { shape: 'sine', unit: 'codes', amplitude: 30_000, frequency_hz: 3e6 } },
    },
  });
  if (!start.ok()) throw new Error(`startSimulation answered ${start.status()}: ${await start.text()}`);
  const { id: simulationId } = (await start.json()) as { id: string };
  for (;;) {
    const run = (await (
      await page.request.get(`${gateway.origin}/api/simulations/${simulationId}`, { timeout: 180_000 })
    ).json()) as {
      status: string;
      failure: { message: string } | null;
    };
    if (run.status === 'passed') break;
    if (run.status !== 'queued' && run.status !== 'running')
      throw new Error(`the simulation ended ${run.status}: ${run.failure?.message}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  const { signals } = (await (
    await page.request.get(`${gateway.origin}/api/simulations/${simulationId}/signals`)
  ).json()) as { signals: { id: string; name: string }[] };
  const inputA = signals.find((signal) => signal.name === 'InputA')!.id;
  const clock = signals.find((signal) => signal.name === 'Clk')!.id;
  console.log(
    `  (setup: ${CHANGES.toLocaleString('en')}-cycle simulation recorded in ${Date.now() - setupStarted} ms)`,
  );
  // The gateway's summary of the whole run (InputA's and the clock's changes in 1,600 buckets), as the viewer
  // asks for it at open: the median of 5 answers, measured from here.
  const summaryMs: number[] = [];
  for (let round = 0; round < 5; round++) {
    const asked = performance.now();
    const answer = await page.request.get(
      `${gateway.origin}/api/simulations/${simulationId}/waveform?signals=${inputA},${clock}&columns=1600`,
    );
    if (!answer.ok()) throw new Error(`getWaveform with columns answered ${answer.status()}`);
    await answer.body();
    summaryMs.push(performance.now() - asked);
  }

  // Open, timed in the page: from the navigation (the app is loaded and signed in, as when a user follows a
  // link to the run) to the frame after InputA's value at the cursor shows and no signal is still being read.
  // Playwright's own waits poll at up to 500 ms intervals, which measured the harness more than the viewer.
  // (No named functions inside page.evaluate: tsx's name-keeping helper does not exist in the page.)
  const openMs = await page.evaluate(
    async ({ url, signal }) => {
      const started = performance.now();
      location.assign(url);
      for (;;) {
        await new Promise((done) => requestAnimationFrame(done));
        const output = document.querySelector(`li[data-signal="${signal}"] output`);
        if (
          output !== null &&
          !/loading…/.test(output.textContent ?? '') &&
          !/Reading the changes/.test(document.body.textContent ?? '')
        )
          break;
        if (performance.now() - started > 60_000) throw new Error('the viewer did not open within 60 s');
      }
      await new Promise((done) => requestAnimationFrame(done)); // that state painted
      return performance.now() - started;
    },
    { url: `${gateway.origin}/#/projects/${projectId}/simulations/${simulationId}`, signal: inputA },
  );

  // Zoom in and out and pan with the wheel: one event per frame, frame intervals measured in the page.
  const frames = await page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>('.wave-canvas canvas')!;
    const box = canvas.getBoundingClientRect();
    const intervals: number[] = [];
    const work: number[] = [];
    let last = performance.now();
    for (let frame = 0; frame < 240; frame++) {
      const phase = Math.floor(frame / 40) % 3; // zoom in, pan, zoom out
      const dispatched = performance.now();
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
      const handled = performance.now() - dispatched;
      // This callback runs after the viewer's (asked for during the wheel event): the time since the frame
      // began is the viewer's drawing; with the wheel handler's time, the viewer's own work for the frame.
      const frameStart = await new Promise<number>((done) => requestAnimationFrame(done));
      const now = performance.now();
      work.push(handled + (now - frameStart));
      intervals.push(now - last);
      last = now;
    }
    return { intervals, work };
  });
  // The same loop on a bare canvas (one fill per frame) in the same page: what this machine's load alone
  // costs a frame, printed beside the viewer's so a slow run can be told from a slow viewer.
  const bare = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [1300, 500];
    document.body.append(canvas);
    const ctx = canvas.getContext('2d')!;
    const intervals: number[] = [];
    let last = performance.now();
    for (let frame = 0; frame < 240; frame++) {
      ctx.fillStyle = frame % 2 ? '#fff' : '#eee';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      await new Promise((done) => requestAnimationFrame(done));
      const now = performance.now();
      intervals.push(now - last);
      last = now;
    }
    canvas.remove();
    return intervals;
  });
  const p95 = percentile(frames.intervals.slice(5), 0.95);
  const p50 = percentile(frames.intervals.slice(5), 0.5);
  const bareP95 = percentile(bare.slice(5), 0.95);
  const workP95 = percentile(frames.work.slice(5), 0.95);
  // A frame interval cannot go below the display's refresh (16.7 ms at 60 Hz; a bare canvas in the same page
  // shows p95 ≈ 17.5 ms of jitter): the budget holds the viewer's own work a frame to 17 ms, and its frames
  // to dropping no more of them (an interval over 1.5 refreshes) than the bare canvas, within one point.
  const dropped = (intervals: number[]) => intervals.slice(5).filter((ms) => ms > 25).length / (intervals.length - 5);
  const droppedMore = dropped(frames.intervals) - dropped(bare);
  const readout = await page.locator('#wave-readout').textContent();
  console.log(`waveform viewer, ${CHANGES.toLocaleString('en')} value changes (analog, 16 bits):`);
  console.log(`  open (navigation to all changes drawn): ${Math.round(openMs)} ms (budget ${OPEN_BUDGET_MS} ms)`);
  console.log(
    `  zoom/pan frames: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${(dropped(frames.intervals) * 100).toFixed(1)} % dropped (a bare canvas ${(dropped(bare) * 100).toFixed(1)} %); the viewer's own work a frame: p50 ${percentile(frames.work.slice(5), 0.5).toFixed(1)} ms, p95 ${workP95.toFixed(1)} ms (budget ${FRAME_P95_BUDGET_MS} ms)`,
  );
  console.log(
    `  (a bare canvas on this machine now: p50 ${percentile(bare.slice(5), 0.5).toFixed(1)} ms, p95 ${bareP95.toFixed(1)} ms)`,
  );
  console.log(
    `  summary of 3,000,000 changes (InputA and the clock) in 1,600 buckets: p50 ${percentile(summaryMs, 0.5).toFixed(1)} ms over 5 answers`,
  );
  console.log(`  last view: ${readout}`);
  if (openMs > OPEN_BUDGET_MS || workP95 > FRAME_P95_BUDGET_MS || droppedMore > 0.01) failed = true;
} finally {
  await browser.close();
  await gateway.close();
  stopWatchdog();
}
process.exit(failed ? 1 : 0);
