import { expect, test } from '@playwright/test';
import { USERS, signInDirectly } from './support/app';
import { useOwnGateway } from './support/own-gateway';

/**
 * A dense run in the viewer: InputA moves every clock cycle for 120,000 cycles (MOCK_BUILDS=simulated
 * records the stimulus). The viewer draws it from the gateway's summaries, never asking for the run's
 * changes one by one, and still shows the exact value at the cursor: asked of the gateway at first, read
 * from the changes once a zoom brings few enough into view.
 */
const ORIGIN = useOwnGateway('waveform-dense', { MOCK_BUILDS: 'simulated' });
const CYCLES = 120_000;

test('zooming into a dense run: summaries drawn, the value at the cursor exact before and after', async ({ page }) => {
  test.setTimeout(180_000);
  await page.context().addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: ORIGIN }]);
  await signInDirectly(page, '#/projects', USERS.ada.email, ORIGIN);
  const projects = (await (await page.request.get(`${ORIGIN}/api/projects`)).json()) as { id: string; name: string }[];
  const projectId = projects.find((project) => project.name === 'Adder')!.id;
  const started = await page.request.post(`${ORIGIN}/api/projects/${projectId}/simulations`, {
    data: {
      kind: 'stimulus',
      duration_cycles: CYCLES,
      inputs: { A: { shape: 'sine', unit: 'codes', amplitude: 30_000, frequency_hz: 312.5e6 / 997 } },
    },
  });
  expect(started.status()).toBe(201);
  const { id: simulationId } = (await started.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`${ORIGIN}/api/simulations/${simulationId}`)).json()) as { status: string })
          .status,
      { timeout: 120_000 },
    )
    .toBe('passed');
  const { signals } = (await (await page.request.get(`${ORIGIN}/api/simulations/${simulationId}/signals`)).json()) as {
    signals: { id: string; name: string; width: number; volts_per_lsb?: number }[];
  };
  const inputA = signals.find((signal) => signal.name === 'InputA')!;

  // Every waveform request the page makes for InputA: a summary (columns) or a range of few changes.
  const ranges: { columns: boolean; from: number; to: number; limit: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.endsWith('/waveform') || !url.searchParams.get('signals')?.split(',').includes(inputA.id)) return;
    ranges.push({
      columns: url.searchParams.has('columns'),
      from: Number(url.searchParams.get('from') ?? 0),
      to: Number(url.searchParams.get('to') ?? Infinity),
      limit: Number(url.searchParams.get('limit') ?? 20_000),
    });
  });

  /** InputA's value at `ps` in volts, from the API (not the viewer). */
  const voltsAt = async (ps: number) => {
    const answer = (await (
      await page.request.get(
        `${ORIGIN}/api/simulations/${simulationId}/waveform?signals=${inputA.id}&from=${ps}&to=${ps}`,
      )
    ).json()) as { signals: { initial: string }[] };
    const code = BigInt.asIntN(16, BigInt(`0b${answer.signals[0]!.initial}`));
    return `${Number((Number(code) * inputA.volts_per_lsb!).toPrecision(4))} V`;
  };

  await page.goto(`${ORIGIN}/#/projects/${projectId}/simulations/${simulationId}`);
  const viewer = page.getByRole('region', { name: 'Waveforms' });
  const atCursor = viewer.locator(`li[data-signal="${inputA.id}"] output`);
  await expect(atCursor).not.toHaveText('loading…', { timeout: 30_000 });

  // A cursor time between two changes (a cycle is 3,200 ps): its value is the gateway's.
  const cursorPs = 3_200 * 54_321 + 1_234;
  await viewer.getByLabel('Cursor (ns)').fill(String(cursorPs / 1000));
  const expected = await voltsAt(cursorPs);
  await expect(atCursor).toHaveText(expected);

  // Zoom in about the cursor until the view holds a few hundred cycles: the changes there are read one by one.
  const traces = viewer.getByRole('slider', { name: /^Traces/ });
  await traces.focus();
  for (let zoom = 0; zoom < 9; zoom++) await page.keyboard.press('+');
  const readout = viewer.locator('#wave-readout');
  await expect(readout).not.toContainText('View 0 ps –');
  await expect.poll(() => ranges.some((range) => !range.columns), { timeout: 30_000 }).toBe(true);
  await expect(atCursor).toHaveText(expected);
  // One cycle on: the next sample, from the changes now held.
  await viewer.getByLabel('Cursor (ns)').fill(String((cursorPs + 3_200) / 1000));
  await expect(atCursor).toHaveText(await voltsAt(cursorPs + 3_200));

  // N and Shift+N far from the changes held (the whole run in view again): the next and the previous change
  // of InputA (a sample a cycle here), found by the gateway.
  const cursorField = viewer.getByLabel('Cursor (ns)');
  await traces.focus();
  await page.keyboard.press('f');
  await cursorField.fill(String((3_200 * 100_000 + 1_234) / 1000));
  await traces.focus();
  await page.keyboard.press('n');
  await expect(cursorField).toHaveValue(String((3_200 * 100_001) / 1000));
  await page.keyboard.press('Shift+N');
  await expect(cursorField).toHaveValue(String((3_200 * 100_000) / 1000));

  // Nothing asked for the whole run's changes one by one: raw ranges are narrow (or one change), the rest summaries.
  const raw = ranges.filter((range) => !range.columns && range.limit > 1);
  for (const range of raw) expect(range.to - range.from, JSON.stringify(range)).toBeLessThan(3_200 * 4_000);
  expect(ranges.filter((range) => range.columns).length).toBeGreaterThan(0);

  // The canvas drew the trace: pixels of the analog colour in InputA's row.
  const drawn = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.wave-canvas canvas')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const colours = new Set<number>();
    for (let at = 0; at < data.length; at += 4 * 97)
      colours.add((data[at]! << 16) | (data[at + 1]! << 8) | data[at + 2]!);
    return colours.size;
  });
  expect(drawn).toBeGreaterThan(3);
});
