import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiGateway, type TestGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA, GRACE } from '../helpers/test-fixtures.js';
import { REPLAY_NOTE, REPLAY_TESTBENCH_REFUSED } from '../../src/mock/simulations/replay-runner.js';
import { waitForSimulation } from './simulation-client.js';

/**
 * The simulation operations over real HTTP on a gateway without the HDL tools (MOCK_BUILDS=simulated):
 * a stimulus run records the stimulus alone (so the waveform, VCD and CSV operations answer), a
 * testbench run is refused with a message that says why, and the API's bounds hold.
 */
describe('simulations replayed (MOCK_BUILDS=simulated)', () => {
  let gateway: TestGateway;
  let ada: string;
  let projectId: string;
  const api = (path: string, init: RequestInit = {}, cookie = ada) =>
    fetch(`${gateway.baseUrl}${path}`, {
      ...init,
      headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });

  beforeAll(async () => {
    gateway = await startApiGateway();
    ada = (await signIn(gateway.baseUrl, ADA)).cookieHeader;
    const projects = (await (await api('/api/projects')).json()) as { id: string; name: string }[];
    projectId = projects.find((p) => p.name === 'Adder')!.id;
  });
  afterAll(() => gateway.stop());

  it('records a sine on InputA in codes, with its CSV and VCD', async () => {
    const started = await api(`/api/projects/${projectId}/simulations`, {
      method: 'POST',
      body: JSON.stringify({
        kind: 'stimulus',
        duration_cycles: 1000,
        inputs: { A: { shape: 'sine', unit: 'codes', amplitude: 1000, frequency_hz: 31.25e6 } },
        controls: [{ register: 2, value: -1, at_cycle: 10 }],
      }),
    });
    expect(started.status).toBe(201);
    const simulation = (await started.json()) as { id: string; status: string; clock_hz: number };
    expect(simulation.clock_hz).toBe(312.5e6);
    const done = await waitForSimulation(gateway.baseUrl, ada, simulation.id);
    expect(done.status).toBe('passed');
    const log = (await (await api(`/api/simulations/${simulation.id}/log`)).json()) as {
      lines: string[];
      complete: boolean;
    };
    expect(log.lines).toContain(REPLAY_NOTE);
    expect(log.complete).toBe(true);

    const signals = (await (await api(`/api/simulations/${simulation.id}/signals`)).json()) as {
      end_time: number;
      signals: { id: string; path: string; width: number; signed?: boolean; volts_per_lsb?: number }[];
    };
    expect(signals.end_time).toBe(1000 * 3200);
    const inputA = signals.signals.find((s) => s.path === 'cc_stimulus_tb.InputA')!;
    expect(inputA).toMatchObject({ width: 16, signed: true });
    const control = signals.signals.find((s) => s.path === 'cc_stimulus_tb.Control2')!;
    const wave = (await (
      await api(`/api/simulations/${simulation.id}/waveform?signals=${inputA.id},${control.id}&from=0&to=320000`)
    ).json()) as { signals: { id: string; initial: string; changes: [number, string][]; truncated: boolean }[] };
    const a = wave.signals[0]!;
    // 10 samples per sine period: cycle 1 is 1000·sin(2π/10) = 588.
    expect(a.changes[0]).toEqual([3200, (588).toString(2)]);
    expect(wave.signals[1]!.changes).toEqual([[32000, '1'.repeat(32)]]);

    const csv = await (await api(`/api/simulations/${simulation.id}/stimulus.csv`)).text();
    expect(csv.split('\n').slice(0, 3)).toEqual(['cycle,InputA,InputB,InputC,InputD', '0,0,0,0,0', '1,588,0,0,0']);
    const vcd = await api(`/api/simulations/${simulation.id}/vcd`);
    expect(vcd.headers.get('content-disposition')).toMatch(/\.vcd"$/);
    expect(await vcd.text()).toContain('$enddefinitions $end');

    const list = (await (await api(`/api/projects/${projectId}/simulations`)).json()) as { id: string }[];
    expect(list[0]!.id).toBe(simulation.id);
    // Another user sees none of it.
    const grace = (await signIn(gateway.baseUrl, GRACE)).cookieHeader;
    expect((await api(`/api/simulations/${simulation.id}`, {}, grace)).status).toBe(404);
  });

  it('reads a long run in pieces: a bounded answer says truncated and the next one goes on', async () => {
    const started = await api(`/api/projects/${projectId}/simulations`, {
      method: 'POST',
      body: JSON.stringify({
        kind: 'stimulus',
        duration_cycles: 5000,
        inputs: { B: { shape: 'ramp', unit: 'codes', amplitude: 30000, frequency_hz: 1e5 } },
      }),
    });
    const { id } = (await started.json()) as { id: string };
    await waitForSimulation(gateway.baseUrl, ada, id);
    const signals = (await (await api(`/api/simulations/${id}/signals`)).json()) as {
      signals: { id: string; name: string }[];
    };
    const b = signals.signals.find((s) => s.name === 'InputB')!.id;
    const seen: [number, string][] = [];
    let from = 0;
    for (let page = 0; page < 10; page++) {
      const answer = (await (
        await api(`/api/simulations/${id}/waveform?signals=${b}&from=${from}&limit=1500`)
      ).json()) as {
        signals: { changes: [number, string][]; truncated: boolean }[];
      };
      const { changes, truncated } = answer.signals[0]!;
      seen.push(...changes);
      if (!truncated) break;
      from = changes[changes.length - 1]![0];
    }
    expect(seen.length).toBe(4999);
    expect(new Set(seen.map(([t]) => t)).size).toBe(4999);
  });

  it('keeps answering other requests while it records a long run', async () => {
    const started = await api(`/api/projects/${projectId}/simulations`, {
      method: 'POST',
      body: JSON.stringify({
        kind: 'stimulus',
        duration_cycles: 100_000,
        inputs: { A: { shape: 'sine', unit: 'codes', amplitude: 30_000, frequency_hz: 3e6 } },
      }),
    });
    const { id } = (await started.json()) as { id: string };
    // Polled while it records: a gateway held by the recording answers only once it is over.
    const seen = new Set<string>();
    for (;;) {
      const { status } = (await (await api(`/api/simulations/${id}`)).json()) as { status: string };
      seen.add(status);
      if (status !== 'queued' && status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect([...seen]).toContain('running');
    expect(seen.has('passed')).toBe(true);
  }, 120_000);

  it('refuses what the schema cannot: fields of the other kind, changes after the end, a second run at once', async () => {
    const mixed = await api(`/api/projects/${projectId}/simulations`, {
      method: 'POST',
      body: JSON.stringify({
        kind: 'stimulus',
        duration_cycles: 10,
        testbench: 'x_tb.vhd',
        reset: [{ at_cycle: 10, value: true }],
      }),
    });
    expect(mixed.status).toBe(422);
    expect(JSON.stringify(await mixed.json())).toMatch(/does not take testbench.*before the end of the run/s);
    const testbench = await api(`/api/projects/${projectId}/simulations`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'testbench', testbench: 'adder.vhd' }),
    });
    const { id } = (await testbench.json()) as { id: string };
    const done = await waitForSimulation(gateway.baseUrl, ada, id);
    expect(done).toMatchObject({ status: 'failed', failure: { message: REPLAY_TESTBENCH_REFUSED } });
    expect((await api(`/api/simulations/${id}/signals`)).status).toBe(409);
    expect((await api(`/api/simulations/${id}/cancel`, { method: 'POST' })).status).toBe(409);
  });
});
