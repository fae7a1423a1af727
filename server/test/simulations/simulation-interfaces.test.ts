import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA } from '../helpers/test-fixtures.js';
import { signedOf, simulationApi, valueAt } from './simulation-http.js';

const PRO = { hardware: 'mk-pro', slots: 4, os_version: '4.1.1', interpolation: false };
const CLOCK_HZ = 312.5e6; // mk-pro
const PERIOD_PS = 1e12 / CLOCK_HZ;
/** Samples a cycle of the interlaced interface (custom-instrument-pkg.vhd). */
const LANES = 4;

/** Our own full-rate design: OutputA passes InputA's samples through (a register), OutputB is the mean of a cycle's four. */
const INTERLACED_VHDL = `library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture PassThrough of CustomInstrumentInterlaced is
begin
  process (Clk)
    variable total : signed(17 downto 0);
  begin
    if rising_edge(Clk) then
      total := (others => '0');
      for lane in 0 to INPUT_INTERLACING_FACTOR - 1 loop
        OutputA(lane) <= InputA(lane);
        total := total + resize(InputA(lane), 18);
      end loop;
      for lane in 0 to OUTPUT_INTERLACING_FACTOR - 1 loop
        OutputB(lane) <= resize(shift_right(total, 2), 16);
      end loop;
    end if;
  end process;
  OutputC <= (others => (others => '0'));
  OutputD <= (others => (others => '0'));
  Status <= (others => (others => '0'));
end architecture;
`;

/** The same design as a Verilog module body (the platform declares the vendor's header around it). */
const INTERLACED_BODY_V = `  integer lane;
  reg signed [17:0] total;
  reg signed [15:0] held [0:3];
  reg signed [15:0] mean;
  always @(posedge clk) begin
    total = 0;
    for (lane = 0; lane < 4; lane = lane + 1) begin
      held[lane] <= inputa[lane];
      total = total + inputa[lane];
    end
    mean <= total >>> 2;
  end
  genvar i;
  generate
    for (i = 0; i < 4; i = i + 1) begin : lanes
      assign outputa[i] = held[i];
      assign outputb[i] = mean;
      assign outputc[i] = 16'sd0;
      assign outputd[i] = 16'sd0;
    end
    for (i = 0; i < 16; i = i + 1) begin : registers
      assign status[i] = 32'd0;
    end
  endgenerate
`;

/** The same design as a full module in the platform's header (fixtures/platform/verilog): the samples packed, unsigned. */
const INTERLACED_PACKED_SV = `module CustomInstrumentInterlaced (
  input wire clk, input wire reset, input wire [31:0] sync,
  input wire [0:3][15:0] inputa, input wire [0:3][15:0] inputb, input wire [0:3][15:0] inputc, input wire [0:3][15:0] inputd,
  input wire exttrig,
  output reg [0:3][15:0] outputa, output wire [0:3][15:0] outputb, output wire [0:3][15:0] outputc, output wire [0:3][15:0] outputd,
  input wire [0:15][31:0] control, output wire [0:15][31:0] status
);
  wire signed [17:0] total = $signed(inputa[0]) + $signed(inputa[1]) + $signed(inputa[2]) + $signed(inputa[3]);
  reg signed [15:0] mean;
  always @(posedge clk) begin
    outputa <= inputa;
    mean <= total >>> 2;
  end
  assign outputb = {4{mean}};
  assign outputc = '0;
  assign outputd = '0;
  assign status = '0;
endmodule
`;

/** A CustomInstrument's body only: OutputA = InputA + Control0 (a register), Status0 = Control1. */
const INSTRUMENT_BODY_V = `  reg signed [15:0] sum;
  always @(posedge clk) sum <= inputa + $signed(control[0][15:0]);
  assign outputa = sum;
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
`;

/**
 * Stimulus simulations of every target interface and every form of design users write, with the real
 * tools over real HTTP: the full-rate (interlaced) interface in VHDL and as a Verilog body, and a
 * body-only Verilog CustomInstrument. The samples read back are checked against an independent
 * computation of what the inputs were and what the design computes from them.
 */
describe('stimulus simulations of each target interface and form of design', () => {
  let gateway: RunningGateway;
  let api: ReturnType<typeof simulationApi>;

  beforeAll(async () => {
    gateway = await startGateway({ MOCK_BUILDS: 'toolchain' });
    api = simulationApi(gateway.baseUrl, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
  }, 90_000);
  afterAll(() => gateway.close());

  /** Input sample n of a 0.9 V, 7 MHz sine at the converters' rate (four samples a clock), in codes. */
  const sineCodes = (samples: number, voltsPerLsb: number) =>
    Array.from({ length: samples }, (_, n) => {
      const t = n / (CLOCK_HZ * LANES);
      return Math.max(-32768, Math.min(32767, Math.round((0.9 * Math.sin(2 * Math.PI * 7e6 * t)) / voltsPerLsb)));
    });

  async function checkInterlacedRun(projectId: string) {
    const cycles = 300;
    const run = await api.run(projectId, {
      kind: 'stimulus',
      duration_cycles: cycles,
      inputs: { A: { shape: 'sine', unit: 'volts', amplitude: 0.9, frequency_hz: 7e6 } },
    });
    expect(run.status, run.log.join('\n')).toBe('passed');
    const { signals, end_time } = await api.signals(run.id);
    const named = (name: string) => signals.find((s) => s.name.toLowerCase() === name && s.scope === 'cc_stimulus_tb')!;
    expect(end_time).toBe(cycles * PERIOD_PS);
    expect(named('outputa')).toMatchObject({ width: 16, signed: true });
    const expected = sineCodes(cycles * LANES, named('inputa').volts_per_lsb!);
    const step = PERIOD_PS / LANES;
    // InputA in time order: sample n at n·P/4.
    const input = await api.changes(run.id, named('inputa').id);
    for (let n = 0; n < expected.length; n++) expect(signedOf(valueAt(input, n * step))).toBe(expected[n]);
    // OutputA: the samples the design registered at the edge of cycle k (k·P + P/2), sample j P/4 apart
    // (the last cycle's later samples fall after the run's end, N·P).
    const outputA = await api.changes(run.id, named('outputa').id);
    const outputB = await api.changes(run.id, named('outputb').id);
    let worstA = 0;
    let worstB = 0;
    for (let k = 0; k < cycles; k++) {
      const cycle = expected.slice(k * LANES, (k + 1) * LANES);
      const mean = Math.floor(cycle.reduce((sum, code) => sum + code, 0) / LANES);
      for (let j = 0; j < LANES; j++) {
        const at = k * PERIOD_PS + PERIOD_PS / 2 + j * step;
        if (at >= end_time) continue;
        worstA = Math.max(worstA, Math.abs(signedOf(valueAt(outputA, at)) - cycle[j]!));
        worstB = Math.max(worstB, Math.abs(signedOf(valueAt(outputB, at)) - mean));
      }
    }
    expect(worstA).toBeLessThanOrEqual(1);
    expect(worstB).toBeLessThanOrEqual(1);
    const csv = await (await api.call(`/api/simulations/${run.id}/stimulus.csv`)).text();
    const rows = csv.trim().split('\n');
    expect(rows[0]).toBe('cycle,sample,InputA,InputB,InputC,InputD');
    expect(rows.length).toBe(1 + cycles * LANES);
    expect(rows[6]).toBe(`1,1,${expected[5]},0,0,0`);
  }

  it('a VHDL design of the interlaced interface: its four samples a cycle come back in time order', async () => {
    const project = await api.newProject('Interlaced VHDL', { 'pass.vhd': INTERLACED_VHDL }, undefined, {
      ...PRO,
      target: 'CustomInstrumentInterlaced',
    });
    await checkInterlacedRun(project);
  }, 180_000);

  it('a Verilog body of the interlaced interface (the vendor header supplied) gives the same samples', async () => {
    const project = await api.newProject('Interlaced body', { 'pass.v': INTERLACED_BODY_V }, undefined, {
      ...PRO,
      target: 'CustomInstrumentInterlaced',
    });
    await checkInterlacedRun(project);
  }, 180_000);

  it('an interlaced run is bounded by its samples: more than a million (250,000 cycles of four) is refused before it starts', async () => {
    const project = await api.newProject('Interlaced long', { 'pass.vhd': INTERLACED_VHDL }, undefined, {
      ...PRO,
      target: 'CustomInstrumentInterlaced',
    });
    const run = await api.run(project, { kind: 'stimulus', duration_cycles: 250_001 });
    expect(run.status).toBe('failed');
    expect(run.failure?.message).toBe(
      'A design of the interlaced interface takes 4 samples a cycle: simulate at most 250,000 cycles (1,000,000 samples)',
    );
  }, 60_000);

  it("a SystemVerilog module in the platform's own interlaced header (packed samples) gives the same samples", async () => {
    const project = await api.newProject('Interlaced packed', { 'pass.sv': INTERLACED_PACKED_SV }, undefined, {
      ...PRO,
      target: 'CustomInstrumentInterlaced',
    });
    await checkInterlacedRun(project);
  }, 180_000);

  it('a body-only Verilog CustomInstrument is simulated in the header the platform declares', async () => {
    const project = await api.newProject('Body only', { 'offset.v': INSTRUMENT_BODY_V }, undefined, {
      ...PRO,
      target: 'CustomInstrument',
    });
    const samples = Array.from({ length: 40 }, (_, k) => ((k * 937) % 4000) - 2000);
    const run = await api.run(project, {
      kind: 'stimulus',
      duration_cycles: samples.length,
      inputs: { A: { shape: 'samples', unit: 'codes', samples } },
      controls: [
        { register: 0, value: -25, at_cycle: 0 },
        { register: 1, value: 0x1234, at_cycle: 0 },
      ],
    });
    expect(run.status, run.log.join('\n')).toBe('passed');
    const { signals, end_time } = await api.signals(run.id);
    const named = (name: string) => signals.find((s) => s.name.toLowerCase() === name && s.scope === 'cc_stimulus_tb')!;
    const out = await api.changes(run.id, named('outputa').id);
    for (let k = 0; k < samples.length; k++)
      expect(signedOf(valueAt(out, k * PERIOD_PS + PERIOD_PS / 2))).toBe(samples[k]! - 25);
    const status0 = await api.changes(run.id, named('status0').id);
    expect(parseInt(valueAt(status0, end_time), 2)).toBe(0x1234);
  }, 120_000);
});
