import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA } from '../helpers/test-fixtures.js';
import { signedOf, simulationApi, valueAt } from './simulation-http.js';

/**
 * Simulations with the real tools (GHDL, Icarus Verilog in bubblewrap) over real HTTP, on the seed
 * fixtures: the numbers a design computes are read back from its waveform and checked against an
 * independent computation.
 */
describe('simulations with the real tools', () => {
  let gateway: RunningGateway;
  let api: ReturnType<typeof simulationApi>;

  beforeAll(async () => {
    gateway = await startGateway({ MOCK_BUILDS: 'toolchain' });
    api = simulationApi(gateway.baseUrl, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
  }, 90_000);
  afterAll(() => gateway.close());

  it('the seed Adder driven with two sines gives their saturated sum on OutputA, within one LSB', async () => {
    const adder = await api.projectNamed('Adder');
    const cycles = 2000;
    const clockHz = 312.5e6; // mk-pro, the Adder's hardware
    const started = Date.now();
    const run = await api.run(adder, {
      kind: 'stimulus',
      duration_cycles: cycles,
      inputs: {
        A: { shape: 'sine', unit: 'volts', amplitude: 0.8, frequency_hz: 1e6 },
        B: { shape: 'sine', unit: 'codes', amplitude: 15000, frequency_hz: 3.7e6, phase_deg: 30 },
      },
    });
    const seconds = (Date.now() - started) / 1000;
    expect(run.status, run.log.join('\n')).toBe('passed');
    const { signals, end_time } = await api.signals(run.id);
    const named = (name: string) => signals.find((s) => s.name.toLowerCase() === name)!;
    const outputA = named('outputa');
    expect(outputA).toMatchObject({ width: 16, signed: true });
    const period = 1e12 / clockHz;
    expect(end_time).toBe(cycles * period);
    const out = await api.changes(run.id, outputA.id);

    // Independently: the codes of each input at cycle k (volts through the slot's volts per code),
    // their sum saturated to 16 bits, registered at the clock edge of cycle k (k·P + P/2).
    const voltsPerLsb = named('inputa').volts_per_lsb!;
    const code = (value: number) => Math.max(-32768, Math.min(32767, Math.round(value)));
    let worst = 0;
    let saturated = 0;
    for (let k = 0; k < cycles; k++) {
      const t = k / clockHz;
      const a = code((0.8 * Math.sin(2 * Math.PI * 1e6 * t)) / voltsPerLsb);
      const b = code(15000 * Math.sin(2 * Math.PI * (3.7e6 * t + 30 / 360)));
      const expected = code(a + b);
      if (Math.abs(a + b) > 32767) saturated++;
      const got = signedOf(valueAt(out, k * period + period / 2));
      worst = Math.max(worst, Math.abs(got - expected));
    }
    expect(saturated).toBeGreaterThan(10); // the sines do reach the rails
    expect(worst).toBeLessThanOrEqual(1);
    const vcd = await api.call(`/api/simulations/${run.id}/vcd`);
    const bytes = (await vcd.arrayBuffer()).byteLength;
    const t0 = Date.now();
    await api.json(`/api/simulations/${run.id}/waveform?signals=${outputA.id},${named('inputa').id}&from=0`);
    console.warn(
      `Adder: ${cycles} cycles in ${seconds.toFixed(1)} s, VCD ${bytes} bytes, waveform answer ${Date.now() - t0} ms`,
    );
  }, 180_000);

  it("a clock divider's output period, measured from its waveform, is 2 × (Control0 + 1) clock cycles", async () => {
    const project = await api.json<{ id: string; config: { hardware: string } }>('/api/projects', {
      body: { name: 'Divider sim', example: 'clock-divider' },
    });
    const configs = await api.json<{ hardware: { id: string; clock_mhz: number }[] }>('/api/build-configs');
    const clockHz = configs.hardware.find((h) => h.id === project.config.hardware)!.clock_mhz * 1e6;
    const run = await api.run(project.id, {
      kind: 'stimulus',
      duration_cycles: 200,
      controls: [{ register: 0, value: 4, at_cycle: 0 }],
      reset: [
        { at_cycle: 0, value: true },
        { at_cycle: 2, value: false },
      ],
    });
    expect(run.status, run.log.join('\n')).toBe('passed');
    const { signals } = await api.signals(run.id);
    const outputA = signals.find((s) => s.name.toLowerCase() === 'outputa' && s.scope === 'cc_stimulus_tb')!;
    const changes = await api.changes(run.id, outputA.id);
    const rising = changes
      .filter(([, v], i) => i > 0 && signedOf(v) > 0 && signedOf(changes[i - 1]![1]) < 0)
      .map(([t]) => t);
    expect(rising.length).toBeGreaterThan(5);
    const periods = rising.slice(1).map((t, i) => t - rising[i]!);
    const clockPeriodPs = 1e12 / clockHz;
    for (const measured of periods) expect(measured).toBe(2 * (4 + 1) * clockPeriodPs);
  }, 180_000);

  it('a SystemVerilog CustomInstrument as users write it (unpacked control [0:15] / status [0:15]) is driven and read back', async () => {
    const project = await api.newProject('Unpacked registers', { 'offset.sv': UNPACKED_REGISTERS_SV });
    const samples = Array.from({ length: 40 }, (_, k) => ((k * 937) % 4000) - 2000);
    const run = await api.run(project, {
      kind: 'stimulus',
      duration_cycles: samples.length,
      inputs: { A: { shape: 'samples', unit: 'codes', samples } },
      controls: [
        { register: 0, value: 25, at_cycle: 0 },
        { register: 1, value: 0x1234, at_cycle: 0 },
      ],
    });
    expect(run.status, run.log.join('\n')).toBe('passed');
    const { signals, end_time } = await api.signals(run.id);
    const named = (name: string) => signals.find((s) => s.name.toLowerCase() === name && s.scope === 'cc_stimulus_tb')!;
    const period = end_time / samples.length;
    const out = await api.changes(run.id, named('outputa').id);
    // Registered at the clock edge of cycle k (k·P + P/2): InputA's sample k plus Control0.
    for (let k = 0; k < samples.length; k++)
      expect(signedOf(valueAt(out, k * period + period / 2))).toBe(samples[k]! + 25);
    const status0 = await api.changes(run.id, named('status0').id);
    expect(parseInt(valueAt(status0, end_time), 2)).toBe(0x1234);
  }, 120_000);

  it('a design instantiating a platform IP core is refused, naming the core (it has no behaviour in simulation)', async () => {
    const counting = UNPACKED_REGISTERS_SV.replace(
      'assign status[0] = control[1];',
      "wire [31:0] count;\n  Counter_32 cycles (.CLK(clk), .SCLR(reset), .UP(1'b1), .Q(count));\n  assign status[0] = count;",
    );
    const project = await api.newProject('IP core user', { 'counting.sv': counting });
    const run = await api.run(project, { kind: 'stimulus', duration_cycles: 20 });
    expect(run.status).toBe('failed');
    expect(run.failure?.message).toMatch(
      /^Simulation needs a model of Counter_32: the platform's IP cores are pre-compiled/,
    );
  }, 60_000);

  it('a mixed design (a Verilog top instantiating a VHDL entity) is refused in one sentence naming the cause', async () => {
    const mixed = path.join(import.meta.dirname, '..', 'builds', 'designs', 'mixed');
    const files: Record<string, string> = {};
    for (const name of ['mixed-top.sv', 'crossing-counter.vhd'])
      files[name] = await readFile(path.join(mixed, name), 'utf8');
    const project = await api.newProject('Mixed design', files);
    const run = await api.run(project, { kind: 'stimulus', duration_cycles: 20 });
    expect(run.status).toBe('failed');
    expect(run.failure?.message).toBe(
      'mixed-top.sv instantiates the VHDL entity CrossingCounter, and the simulators here run one language at a ' +
        'time (GHDL for VHDL, Icarus Verilog for Verilog), so a mixed design cannot be simulated: simulate each part ' +
        'in a testbench of its own language',
    );
  }, 60_000);
});

/** Our own design in the users' form of the current interface: registers as unpacked arrays, OutputA = InputA + Control0. */
const UNPACKED_REGISTERS_SV = `module CustomInstrument (
  input wire clk,
  input wire reset,
  input wire [31:0] sync,
  input wire signed [15:0] inputa, inputb, inputc, inputd,
  input wire exttrig,
  output reg signed [15:0] outputa,
  output wire signed [15:0] outputb, outputc, outputd,
  input wire [31:0] control [0:15],
  output wire [31:0] status [0:15]
);
  always @(posedge clk) outputa <= inputa + $signed(control[0][15:0]);
  assign outputb = 16'sd0;
  assign outputc = 16'sd0;
  assign outputd = 16'sd0;
  assign status[0] = control[1];
  genvar i;
  generate
    for (i = 1; i < 16; i = i + 1) begin : unused
      assign status[i] = 32'd0;
    end
  endgenerate
endmodule
`;
