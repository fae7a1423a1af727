import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignalSummary, WaveformSummary } from '@cloud-compile/shared/api-types';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { storesUnderTest } from '../helpers/stores-under-test.js';
import { ADA } from '../helpers/test-fixtures.js';
import { simulationApi } from './simulation-http.js';

/**
 * getWaveform with `columns` over real HTTP, in both state stores: a recorded run's summary against the
 * min/max, counts and start values worked out here from the same run's raw changes (read without columns).
 */

/** A 16-bit two's complement code or a bit, as the stored VCD text reads (leading zeros left out). */
const numberOf = (value: string, width: number) => {
  if (!/^[01]+$/.test(value)) return null;
  const code = parseInt(value, 2);
  return width > 1 && value.length === width && value[0] === '1' ? code - 2 ** width : code;
};

/**
 * The summary the contract describes, from every stored change (index i of the run): the changes in
 * (from, to] in equal time buckets; with a resolution above 1, an aligned block of that many changes lying
 * wholly in the range counts in the bucket of its first change.
 */
function expected(
  all: readonly [number, string][],
  width: number,
  from: number,
  to: number,
  columns: number,
  resolution: number,
): Omit<SignalSummary, 'id' | 'resolution'> {
  const bucketOf = (time: number) => Math.min(columns - 1, Math.floor(((time - from) * columns) / (to - from)));
  const inRange = all.map(([time]) => time > from && time <= to);
  const first = inRange.indexOf(true);
  const end = inRange.lastIndexOf(true) + 1;
  const counts = new Array<number>(columns).fill(0);
  const min = new Array<number | null>(columns).fill(null);
  const max = new Array<number | null>(columns).fill(null);
  const starts: string[] = [];
  let value = first > 0 ? all[first - 1]![1] : 'x';
  const initial = value;
  for (let i = first; i < end; i++) {
    const block = Math.floor(i / resolution) * resolution;
    const whole = block >= first && block + resolution <= end;
    const bucket = bucketOf(all[whole ? block : i]![0]);
    while (starts.length <= bucket) starts.push(value);
    counts[bucket]!++;
    const number = numberOf(all[i]![1], width);
    if (number !== null) {
      min[bucket] = Math.min(min[bucket] ?? Infinity, number);
      max[bucket] = Math.max(max[bucket] ?? -Infinity, number);
    }
    value = all[i]![1];
  }
  while (starts.length < columns) starts.push(value);
  return { initial, last: value, counts, min, max, starts };
}

describe.each(storesUnderTest())('waveform summaries ($kind store)', (storeUnderTest) => {
  let gateway: TestGateway;
  let api: ReturnType<typeof simulationApi>;
  let simulationId: string;
  let inputA: string;
  let clock: string;
  const raw = new Map<string, [number, string][]>();

  beforeAll(async () => {
    gateway = await startApiGateway(storeUnderTest.env());
    api = simulationApi(gateway.baseUrl, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
    const projectId = await api.projectNamed('Adder');
    // 40,000 cycles: InputA moves every cycle (a sine of 1,000 samples a period: a bucket's extremes are its
    // edges', not the sine's peaks), the clock twice a cycle.
    const run = await api.run(projectId, {
      kind: 'stimulus',
      duration_cycles: 40_000,
      inputs: { A: { shape: 'sine', unit: 'codes', amplitude: 30_000, frequency_hz: 312.5e6 / 1000 } },
    });
    expect(run.status, run.log.join('\n')).toBe('passed');
    simulationId = run.id;
    const { signals } = await api.signals(simulationId);
    inputA = signals.find((signal) => signal.name === 'InputA')!.id;
    clock = signals.find((signal) => signal.name === 'Clk')!.id;
    for (const id of [inputA, clock]) {
      const changes = await api.changes(simulationId, id);
      // The run's first change is at 0 (its $dumpvars): the pages' initial value is that stored change.
      expect(changes[0]![1]).not.toBe('x');
      raw.set(id, changes);
    }
    expect(raw.get(inputA)!.length).toBeGreaterThan(39_000);
  }, 120_000);
  afterAll(() => gateway?.stop());

  const summary = (query: string) =>
    api.json<WaveformSummary>(`/api/simulations/${simulationId}/waveform?signals=${inputA},${clock}&${query}`);

  it('sums the whole run from the pyramid: counts, min, max and start values as the raw changes give them', async () => {
    const end = raw.get(clock)!.at(-1)![0];
    const answer = await summary(`columns=100&to=${end}`);
    expect(answer).toMatchObject({ from: 0, to: end, columns: 100 });
    const [a, c] = answer.signals;
    // 400 changes of InputA per bucket: blocks of 64 (a quarter of a bucket at most) are read, not changes.
    expect(a!.resolution).toBe(64);
    expect(c!.resolution).toBe(64);
    expect(a).toEqual({ id: inputA, resolution: 64, ...expected(raw.get(inputA)!, 16, 0, end, 100, 64) });
    expect(c).toEqual({ id: clock, resolution: 64, ...expected(raw.get(clock)!, 1, 0, end, 100, 64) });
    expect(Math.min(...a!.min.map(Number))).toBeLessThan(-29_000);
    expect(Math.max(...a!.max.map(Number))).toBeGreaterThan(29_000);
  });

  it('is exact (resolution 1) where a bucket holds few changes, and over ranges that cut blocks', async () => {
    const from = 3_200 * 1_234 + 17;
    const to = from + 3_200 * 300 + 999;
    const answer = await summary(`columns=250&from=${from}&to=${to}`);
    const [a, c] = answer.signals;
    expect(a).toEqual({ id: inputA, resolution: 1, ...expected(raw.get(inputA)!, 16, from, to, 250, 1) });
    expect(c).toEqual({ id: clock, resolution: 1, ...expected(raw.get(clock)!, 1, from, to, 250, 1) });
    // Cut ends and a coarse level: the blocks at the range's ends are read change by change.
    const wide = await summary(`columns=7&from=${from}&to=${from + 3_200 * 20_011}`);
    const [wa] = wide.signals;
    expect(wa!.resolution).toBeGreaterThan(16);
    expect(wa).toEqual({
      id: inputA,
      resolution: wa!.resolution,
      ...expected(raw.get(inputA)!, 16, from, from + 3_200 * 20_011, 7, wa!.resolution),
    });
  });

  it('refuses columns out of bounds (422) and keeps the raw answer without them', async () => {
    for (const columns of ['0', '4097', 'many', '-3', '2.5']) {
      const response = await api.call(`/api/simulations/${simulationId}/waveform?signals=${inputA}&columns=${columns}`);
      expect(response.status, columns).toBe(422);
    }
    const plain = await api.json<{ signals: { changes: unknown[]; truncated: boolean }[] }>(
      `/api/simulations/${simulationId}/waveform?signals=${inputA}&limit=10`,
    );
    expect(plain.signals[0]!.changes).toHaveLength(10);
    expect(plain.signals[0]!.truncated).toBe(true);
    const most = await summary('columns=4096&to=1000000');
    expect(most.signals[0]!.counts).toHaveLength(4096);
  });
});
