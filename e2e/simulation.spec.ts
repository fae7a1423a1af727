import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { lineOf, SPINNING_TB, VHDL_TB } from '../server/test/simulations/testbench-designs';
import { callApi, createProject, uniqueName } from './support/api';
import { USERS, expectNoAxeViolations, signInDirectly } from './support/app';
import { useOwnGateway } from './support/own-gateway';

/**
 * Simulation in the browser with the real tools (MOCK_BUILDS=toolchain: GHDL runs the generated testbench
 * around the seed Adder): Simulate from the editor, read OutputA at a cursor time, zoom, download the VCD.
 * And an API without the simulation operations (proxy mode against an older upstream) hides Simulate.
 */
const ORIGIN = useOwnGateway('simulation', { MOCK_BUILDS: 'toolchain' });

async function signIn(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'cookieBannerAccepted', value: 'true', url: ORIGIN }]);
  await signInDirectly(page, '#/projects', USERS.ada.email, ORIGIN);
}

async function openAdderEditor(page: Page): Promise<string> {
  await signIn(page);
  const projects = (await (await page.request.get(`${ORIGIN}/api/projects`)).json()) as { id: string; name: string }[];
  const adder = projects.find((project) => project.name === 'Adder');
  expect(adder, 'the seed Adder').toBeDefined();
  await page.goto(`${ORIGIN}/#/editor/${adder!.id}`);
  await expect(page.getByRole('button', { name: 'Build', exact: true })).toBeVisible({ timeout: 30_000 });
  return adder!.id;
}

interface Signal {
  id: string;
  name: string;
  scope: string;
  width: number;
  signed?: boolean;
  volts_per_lsb?: number;
}

/** The value of a signal at `ps`, read from the API (not from the viewer), in volts. */
async function voltsAt(page: Page, simulationId: string, signal: Signal, ps: number): Promise<number> {
  const answer = (await (
    await page.request.get(`${ORIGIN}/api/simulations/${simulationId}/waveform?signals=${signal.id}&from=0&to=${ps}`)
  ).json()) as { signals: { initial: string; changes: [number, string][] }[] };
  const { initial, changes } = answer.signals[0]!;
  const bits = changes.filter(([time]) => time <= ps).at(-1)?.[1] ?? initial;
  const code = BigInt.asIntN(signal.width, BigInt(`0b${bits}`));
  return Number(code) * signal.volts_per_lsb!;
}

test('a stimulus simulation of the seed Adder: the value at a cursor time, zoom, and the VCD download', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openAdderEditor(page);

  // The form, from its shortcut: InputA a 1 MHz sine, InputB a DC level, 2,000 cycles.
  await page.keyboard.press('F9');
  const form = page.getByRole('dialog', { name: 'Simulate' });
  await expect(form).toBeVisible();
  const inputA = form.getByRole('group', { name: 'InputA' });
  await inputA.getByLabel('Shape').selectOption('sine');
  await inputA.getByLabel('Amplitude (V)').fill('0.3');
  await inputA.getByLabel('Frequency (Hz)').fill('1M');
  const inputB = form.getByRole('group', { name: 'InputB' });
  await inputB.getByLabel('Shape').selectOption('dc');
  await inputB.getByLabel('Level (V)').fill('0.1');
  await form.getByLabel('Duration (clock cycles)').fill('abc');
  await form.getByRole('button', { name: 'Start simulation' }).click();
  // A bad field is named, focused, and nothing is started.
  await expect(form.getByText('Duration must be a whole number of clock cycles from 1 to 1,000,000.')).toBeVisible();
  await expect(form.getByLabel('Duration (clock cycles)')).toBeFocused();
  await form.getByLabel('Duration (clock cycles)').fill('2000');
  await expect(form.getByText(/2,000 cycles at [\d.]+ MHz .* = [\d.]+ µs/)).toBeVisible();
  await form.getByRole('button', { name: 'Start simulation' }).click();

  await expect(page).toHaveURL(/#\/projects\/[^/]+\/simulations\/[^/?]+/);
  const simulationId = decodeURIComponent(page.url().split('/simulations/')[1]!);
  await expect(page).toHaveTitle(/^Simulation/);
  await expect(page.getByRole('status').filter({ hasText: /^(Queued|Running|Passed|Failed)$/ })).toHaveText('Passed', {
    timeout: 120_000,
  });

  const { signals, end_time } = (await (
    await page.request.get(`${ORIGIN}/api/simulations/${simulationId}/signals`)
  ).json()) as { signals: Signal[]; end_time: number };
  const shownOutputA = signals.find((s) => s.name.toLowerCase() === 'outputa' && s.volts_per_lsb !== undefined);
  expect(shownOutputA, 'OutputA recorded with its volts per LSB').toBeDefined();
  const outputA = shownOutputA!;

  // The cursor at 1,234 ns: OutputA's value there, as the API has it.
  const viewer = page.getByRole('region', { name: 'Waveforms' });
  await expect(viewer).toBeVisible({ timeout: 30_000 });
  const atCursor = viewer.locator(`li[data-signal="${outputA.id}"] output`);
  // Read (at time 0 the design's output is not driven yet: its value shows as z or x).
  await expect(atCursor).not.toHaveText('loading…', { timeout: 30_000 });
  const cursorNs = 1234;
  await viewer.getByLabel('Cursor (ns)').fill(String(cursorNs));
  const expected = await voltsAt(page, simulationId, outputA, cursorNs * 1000);
  await expect(atCursor).toHaveText(`${Number(expected.toPrecision(4))} V`);
  expect(Math.abs(expected)).toBeGreaterThan(0.05); // the sine and the level are there, not a zero trace

  // Zoom in twice about the cursor: the view narrows to a quarter, the value at the cursor stays.
  const readout = viewer.locator('#wave-readout');
  await expect(readout).toContainText('View 0 ps –');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(readout).not.toContainText('View 0 ps –');
  const shown = /View ([\d.]+ \S+) – ([\d.]+ \S+) ·/.exec((await readout.textContent()) ?? '');
  expect(shown, 'the view in the readout').not.toBeNull();
  const span = toPicoseconds(shown![2]!) - toPicoseconds(shown![1]!);
  expect(span / end_time).toBeCloseTo(0.25, 2);
  await expect(atCursor).toHaveText(`${Number(expected.toPrecision(4))} V`);

  // Keys on the trace area: End puts the cursor at the run's end, M the marker there, Home back: Δ is the run.
  const traces = viewer.getByRole('slider', { name: /^Traces/ });
  await traces.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('m');
  await page.keyboard.press('Home');
  await expect(readout).toContainText('Cursor 0 ps · Marker');
  await expect(readout).toContainText(`Δ ${formatMicroseconds(end_time)}`);

  // The VCD downloads, with OutputA in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download VCD' }).click(),
  ]);
  const vcd = await fs.readFile((await download.path())!, 'utf8');
  expect(vcd).toContain('$enddefinitions');
  expect(vcd.toLowerCase()).toContain('outputa');

  await expectNoAxeViolations(page, 'simulation page with waveforms');
});

test('a testbench whose assertion fails at a known line fails the run with that file:line, listed among the project simulations, and the link opens the editor there', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const name = uniqueName('Failing testbench');
  const projectId = await createProject(page, ORIGIN, name, { 'count_tb.vhd': VHDL_TB });
  const line = lineOf(VHDL_TB, 'THE CHECK');
  await page.goto(`${ORIGIN}/#/editor/${projectId}`);
  // The form links to the project's simulations: none yet.
  await page.getByRole('button', { name: 'Simulate' }).click({ timeout: 30_000 });
  await page.getByRole('link', { name: "this project's simulations" }).click();
  await expect(page).toHaveURL(new RegExp(`#/projects/${projectId}/simulations$`));
  await expect(page.getByRole('heading', { level: 1, name: `Simulations: ${name}` })).toBeVisible();
  await expect(page.getByText('No simulations yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'a project without simulations');
  await page.getByRole('link', { name: 'editor', exact: true }).click();
  await page.getByRole('button', { name: 'Simulate' }).click({ timeout: 30_000 });

  const form = page.getByRole('dialog', { name: 'Simulate' });
  await form.getByRole('radio', { name: 'A testbench of the project' }).check();
  await expect(form.getByLabel('Testbench', { exact: true })).toHaveValue('count_tb.vhd');
  await form.getByLabel('Stop time (ns)').fill('1000');
  await form.getByRole('button', { name: 'Start simulation' }).click();

  // GHDL runs the testbench: the assertion at THE CHECK fails the run, named with its file:line.
  await expect(page).toHaveURL(new RegExp(`#/projects/${projectId}/simulations/[^/?]+`));
  await expect(page.getByRole('status').filter({ hasText: /^(Queued|Running|Passed|Failed)$/ })).toHaveText('Failed', {
    timeout: 120_000,
  });
  const shownFailure = page.getByRole('alert').filter({ hasText: 'count was 4, expected 5' });
  await expect(shownFailure).toContainText(`count_tb.vhd:${line}: `);
  // The log names the same place, as a link of the log viewer.
  const log = page.getByRole('region', { name: 'Simulation log' });
  await expect(log).toContainText(`count_tb.vhd:${line}:5: error:`, { timeout: 30_000 });
  await expectNoAxeViolations(page, 'a failed testbench simulation');
  const runUrl = page.url();

  // The project's simulations list it: status, its failure's place, what ran; its id links to its page.
  await page.getByRole('link', { name: 'All simulations of this project' }).click();
  const rows = page.getByRole('table', { name: 'Simulations, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Failed');
  await expect(rows.first()).toContainText(new RegExp(`count_tb\\.vhd:${line}: .*count was 4, expected 5`));
  await expect(rows.first()).toContainText('Testbench count_tb.vhd, stop at 1,000 ns');
  await expectNoAxeViolations(page, "a project's simulations");
  await rows
    .first()
    .getByRole('link', { name: /^Simulation / })
    .click();
  await expect(page).toHaveURL(runUrl);
  const failure = page.getByRole('alert').filter({ hasText: 'count was 4, expected 5' });

  // The link opens the editor on that file, the cursor on that line.
  await failure.getByRole('button', { name: `count_tb.vhd:${line}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/editor/${projectId}\\?file=count_tb\\.vhd&line=${line}$`));
  await expect(page.getByRole('textbox', { name: 'Editor: count_tb.vhd' })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByTestId('status-position')).toContainText(`Line ${line}, Col`);
  await expect(page.locator('.cm-activeLine')).toContainText('-- THE CHECK');
});

test('internal signals chosen in the Simulate form are recorded and open in the viewer', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  // The clock divider example: its internal `counter` counts 0..Control0 and starts again.
  const { id: projectId } = await callApi<{ id: string }>(page, ORIGIN, 'POST', '/projects', {
    name: uniqueName('Probed divider'),
    example: 'clock-divider',
  });
  await page.goto(`${ORIGIN}/#/editor/${projectId}`);
  await page.getByRole('button', { name: 'Simulate' }).click({ timeout: 30_000 });
  const form = page.getByRole('dialog', { name: 'Simulate' });
  await form.getByLabel('Duration (clock cycles)').fill('200');
  await form.getByRole('button', { name: 'Add a Control change' }).click();
  await form.getByRole('group', { name: 'Control change 1' }).getByLabel('Value').fill('4');
  const probes = form.getByLabel('Internal signals to record');
  // A name that is not one is refused in the form, named and focused; nothing starts.
  await probes.fill('counter, 2nd');
  await form.getByRole('button', { name: 'Start simulation' }).click();
  await expect(form.getByText('"2nd" is not a signal name (letters, digits, _ and dots).')).toBeVisible();
  await expect(probes).toBeFocused();
  await probes.fill('counter');
  await form.getByRole('button', { name: 'Start simulation' }).click();

  await expect(page).toHaveURL(new RegExp(`#/projects/${projectId}/simulations/[^/?]+`));
  const simulationId = decodeURIComponent(page.url().split('/simulations/')[1]!);
  await expect(page.getByRole('status').filter({ hasText: /^(Queued|Running|Passed|Failed)$/ })).toHaveText('Passed', {
    timeout: 120_000,
  });
  const { signals } = (await (await page.request.get(`${ORIGIN}/api/simulations/${simulationId}/signals`)).json()) as {
    signals: Signal[];
  };
  const counter = signals.find((s) => s.name === 'counter');
  expect(counter, 'the probe is recorded, below the test bench').toMatchObject({ width: 32 });
  expect(counter!.scope).toMatch(/\.dut$/);

  // The viewer opens with it shown; at a cursor time its value is the API's, and it counts 0..4.
  const viewer = page.getByRole('region', { name: 'Waveforms' });
  const row = viewer.locator(`li[data-signal="${counter!.id}"]`);
  await expect(row).toContainText('counter', { timeout: 30_000 });
  const atCursor = row.locator('output');
  await expect(atCursor).not.toHaveText('loading…', { timeout: 30_000 });
  const answer = (await (
    await page.request.get(`${ORIGIN}/api/simulations/${simulationId}/waveform?signals=${counter!.id}&from=0`)
  ).json()) as { signals: { initial: string; changes: [number, string][] }[] };
  const values = answer.signals[0]!.changes.map(([, bits]) => Number.parseInt(bits, 2));
  expect(new Set(values.filter(Number.isFinite))).toEqual(new Set([0, 1, 2, 3, 4]));
  // Halfway between two changes: the earlier one's value, in hex (the default for a bus) over 32 bits.
  const changes = answer.signals[0]!.changes;
  const [time, bits] = changes.at(-3)!;
  const [nextTime] = changes.at(-2)!;
  await viewer.getByLabel('Cursor (ns)').fill(String((time + nextTime) / 2000));
  await expect(atCursor).toHaveText(Number.parseInt(bits, 2).toString(16).padStart(8, '0'));
  await expectNoAxeViolations(page, 'a stimulus run with a probe');
});

const UNIT_PS: Record<string, number> = { ps: 1, ns: 1e3, µs: 1e6, ms: 1e9, s: 1e12 };
const toPicoseconds = (text: string) => {
  const [value, unit] = text.split(' ');
  return Number(value) * UNIT_PS[unit!]!;
};

/** The viewer's form of a time in µs ("16 µs"), for a run's end. */
const formatMicroseconds = (ps: number) => `${Number((ps / 1e6).toPrecision(4))} µs`;

test('an API whose operations document lacks startSimulation hides Simulate (and F9 does nothing)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.route('**/api/openapi.json', async (route) => {
    const response = await route.fetch();
    const document = (await response.json()) as { paths: Record<string, unknown> };
    for (const path of Object.keys(document.paths)) if (path.includes('simulation')) delete document.paths[path];
    await route.fulfill({ response, json: document });
  });
  await openAdderEditor(page);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Simulate' })).toHaveCount(0);
  await page.keyboard.press('F9');
  await expect(page.getByRole('dialog', { name: 'Simulate' })).toHaveCount(0);

  // The same document with the operations: Simulate is there.
  await page.unroute('**/api/openapi.json');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Simulate' })).toBeVisible({ timeout: 30_000 });
});

/**
 * Signed in, a project whose testbench spins without advancing time, and a run of it started: it runs
 * until cancelled (or the time limit).
 */
async function startSpinningSimulation(page: Page) {
  await signIn(page);
  const projectId = await createProject(page, ORIGIN, uniqueName('Spinning bench'), { 'spin_tb.vhd': SPINNING_TB });
  const run = await callApi<{ id: string }>(page, ORIGIN, 'POST', `/projects/${projectId}/simulations`, {
    kind: 'testbench',
    testbench: 'spin_tb.vhd',
  });
  return { projectId, run, short: run.id.slice(-7) };
}

test("a running simulation is cancelled from the project's list: its row's Cancel names it, and the row turns Cancelled", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { projectId, run, short } = await startSpinningSimulation(page);
  await page.goto(`${ORIGIN}/#/projects/${projectId}/simulations`);
  const row = page.locator(`tr[data-simulation-id="${run.id}"]`);
  await expect(row).toContainText(/Queued|Running/);
  const cancel = row.getByRole('button', { name: `Cancel simulation ${short}` });
  await expect(cancel).toBeVisible();
  await expectNoAxeViolations(page, 'a project with a running simulation');
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  const details = await callApi<{ status: string }>(page, ORIGIN, 'GET', `/simulations/${run.id}`);
  expect(details.status).toBe('cancelled');
});

test("a running simulation is cancelled on its own page with the list's Cancel: the status turns Cancelled, the focus goes to its heading", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { projectId, run, short } = await startSpinningSimulation(page);
  await page.goto(`${ORIGIN}/#/projects/${projectId}/simulations/${run.id}`);
  const header = page.locator('.simulation-header');
  await expect(header.getByRole('status')).toHaveText(/Queued|Running/);
  const cancel = header.getByRole('button', { name: `Cancel simulation ${short}` });
  await expect(cancel).toHaveText('Cancel');
  await expectNoAxeViolations(page, 'the page of a running simulation');
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(header.getByRole('status')).toHaveText('Cancelled');
  await expect(header.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  // The button went with the focus it had: the focus moves to the page's heading, not to the document's start.
  await expect(page.getByRole('heading', { level: 1, name: `Simulation ${short}` })).toBeFocused();
  const details = await callApi<{ status: string }>(page, ORIGIN, 'GET', `/simulations/${run.id}`);
  expect(details.status).toBe('cancelled');
});
