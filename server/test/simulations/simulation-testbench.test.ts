import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../helpers/gateway.js';
import { signIn } from '../helpers/sign-in.js';
import { ADA } from '../helpers/test-fixtures.js';
import { simulationApi } from './simulation-http.js';
import { lineOf, PASSING_TB, SPINNING_TB, VHDL_TB } from './testbench-designs.js';

const TIME_LIMIT_S = 8;

const VERILOG_TB = `module check_tb;
  reg [7:0] value = 8'd3;
  initial begin
    $display("checking value %0d", value);
    #10;
    if (value != 8'd4) $error("value was %0d, expected 4", value); // THE CHECK
    $finish;
  end
endmodule
`;

/** A kilobit toggling every picosecond until the longest stop time: terabytes of dump if nothing stopped it. */
const DUMP_TB = `library ieee;
use ieee.std_logic_1164.all;

entity dump_tb is
end entity;

architecture test of dump_tb is
  signal wide : std_logic_vector(1023 downto 0) := (others => '0');
begin
  wide <= not wide after 1 ps;
end architecture;
`;

const HOST_FILE_TB = `library ieee;
use std.textio.all;

entity host_tb is
end entity;

architecture test of host_tb is
begin
  process
    file secrets : text open read_mode is "/etc/passwd";
    variable row : line;
  begin
    readline(secrets, row);
    report "read: " & row.all;
    wait;
  end process;
end architecture;
`;

const HOST_FILE_V = `module host_tb;
  integer f, got;
  reg [8*200:1] row;
  initial begin
    f = $fopen("/etc/passwd", "r");
    got = $fgets(row, f);
    $display("read: %0s (%0d)", row, got);
    $finish;
  end
endmodule
`;

/**
 * Testbench simulations with the real tools over real HTTP: report/$display lines in the log with
 * file:line, a failed assertion failing the run at its line, and hostile testbenches stopped at
 * the limits while the gateway keeps answering.
 */
describe('testbench simulations', () => {
  let gateway: RunningGateway;
  let api: ReturnType<typeof simulationApi>;
  let project: string;

  beforeAll(async () => {
    gateway = await startGateway({
      MOCK_BUILDS: 'toolchain',
      MOCK_BUILD_TIME_LIMIT_S: String(TIME_LIMIT_S),
      MOCK_SIMULATION_VCD_MB: '4',
    });
    api = simulationApi(gateway.baseUrl, (await signIn(gateway.baseUrl, ADA)).cookieHeader);
    project = await api.newProject('Testbenches', {
      'count_tb.vhd': VHDL_TB,
      'check_tb.v': VERILOG_TB,
      'pass_tb.vhd': PASSING_TB,
      'spin_tb.vhd': SPINNING_TB,
      'dump_tb.vhd': DUMP_TB,
      'host_tb.vhd': HOST_FILE_TB,
      'host_tb.v': HOST_FILE_V,
    });
  }, 90_000);
  afterAll(() => gateway.close());

  /** How long the gateway takes to answer a read while a run goes on. */
  const answerTime = async () => {
    const started = Date.now();
    expect((await api.call('/api/projects')).status).toBe(200);
    return Date.now() - started;
  };

  it('a VHDL assertion that fails at a known line fails the run with that file:line; reports are in the log', async () => {
    const run = await api.run(project, { kind: 'testbench', testbench: 'count_tb.vhd', stop_time_ns: 1000 });
    const line = lineOf(VHDL_TB, 'THE CHECK');
    expect(run.status).toBe('failed');
    expect(run.failure).toMatchObject({ file: 'count_tb.vhd', line });
    expect(run.failure!.message).toContain('count was 4, expected 5');
    expect(run.log).toContain(`count_tb.vhd:${line - 1}:5: note: @42ns report note: count is 4`);
    expect(run.log.some((l) => l.startsWith(`count_tb.vhd:${line}:5: error:`))).toBe(true);
  }, 120_000);

  it('a Verilog $error at a known line fails the run with that file:line; $display lines are in the log', async () => {
    const run = await api.run(project, { kind: 'testbench', testbench: 'check_tb.v' });
    const line = lineOf(VERILOG_TB, 'THE CHECK');
    expect(run.status, run.log.join('\n')).toBe('failed');
    expect(run.failure).toMatchObject({ file: 'check_tb.v', line, message: '$error: value was 3, expected 4' });
    expect(run.log).toContain('checking value 3');
  }, 120_000);

  it('a testbench that ends passes, and its waveform is there', async () => {
    const run = await api.run(project, { kind: 'testbench', testbench: 'pass_tb.vhd' });
    expect(run.status, run.log.join('\n')).toBe('passed');
    const { signals, end_time } = await api.signals(run.id);
    expect(signals.map((s) => s.path)).toContain('pass_tb.clk');
    expect(end_time).toBe(100_000);
  }, 120_000);

  /** Starts a run and follows it, timing a read of the gateway's now and then; the slowest read too. */
  const hostile = async (request: unknown) => {
    const started = await api.json<{ id: string }>(`/api/projects/${project}/simulations`, { body: request });
    let slowest = 0;
    let view: { status: string; failure: { message: string } | null } = { status: 'queued', failure: null };
    const deadline = Date.now() + 3 * TIME_LIMIT_S * 1000 + 30_000;
    while (['queued', 'running'].includes(view.status) && Date.now() < deadline) {
      slowest = Math.max(slowest, await answerTime());
      view = await api.json(`/api/simulations/${started.id}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const log = await api.json<{ lines: string[] }>(`/api/simulations/${started.id}/log?limit=100000`);
    return { id: started.id, ...view, log: log.lines, slowest };
  };

  it('hostile: a process that never waits is stopped at the time limit; the gateway keeps answering', async () => {
    const run = await hostile({ kind: 'testbench', testbench: 'spin_tb.vhd', stop_time_ns: 1_000_000_000 });
    expect(run.status).toBe('failed');
    expect(run.failure!.message).toMatch(
      new RegExp(`^The time limit was reached: the simulation was stopped after ${TIME_LIMIT_S} s`),
    );
    expect(run.slowest).toBeLessThan(1000);
  }, 120_000);

  it('hostile: a dump of terabytes is stopped at the waveform size limit, which keeps what it recorded', async () => {
    const run = await hostile({ kind: 'testbench', testbench: 'dump_tb.vhd', stop_time_ns: 1_000_000_000 });
    expect(run.status).toBe('failed');
    expect(run.failure!.message).toMatch(/^The waveform reached its size limit \(4 MiB of VCD\)/);
    expect(run.slowest).toBeLessThan(1000);
    const { signals, end_time } = await api.signals(run.id);
    expect(signals.map((s) => s.name)).toContain('wide');
    expect(end_time).toBeGreaterThan(0);
    const vcd = await api.call(`/api/simulations/${run.id}/vcd`);
    const bytes = (await vcd.arrayBuffer()).byteLength;
    expect(bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(bytes).toBeGreaterThan(3 * 1024 * 1024);
  }, 120_000);

  it('hostile: a testbench reading a host file (/etc/passwd) finds nothing there, in VHDL or Verilog', async () => {
    const vhdl = await hostile({ kind: 'testbench', testbench: 'host_tb.vhd' });
    expect(vhdl.status).toBe('failed');
    expect(vhdl.log.join('\n')).toMatch(/passwd/);
    expect(vhdl.log.join('\n')).not.toMatch(/root:/);
    const verilog = await hostile({ kind: 'testbench', testbench: 'host_tb.v' });
    expect(verilog.log.join('\n')).not.toMatch(/root:/);
    expect(verilog.log.join('\n')).toMatch(/read: .*\(0\)/);
  }, 120_000);
});
