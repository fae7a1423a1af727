import { byCycle, controlWord } from './stimulus.js';
import type { StimulusPlan } from './simulation-types.js';

/** The generated testbench's names: its file, its top unit, and the samples file it reads. */
export const STIMULUS_TB_NAME = 'cc_stimulus_tb';
export const STIMULUS_SAMPLES_FILE = 'cc_stimulus.txt';

/** The slot interfaces a stimulus run can drive. */
export const STIMULUS_TARGETS = ['CustomInstrument', 'CustomWrapper', 'CustomInstrumentInterlaced'] as const;
export const INTERLACED_TARGET = 'CustomInstrumentInterlaced';

/** Samples per clock cycle of the interlaced interface's inputs and outputs. */
export interface Interlacing {
  input: number;
  output: number;
}

/**
 * The interlacing factors as the platform's package declares them (fixtures/platform/vhdl/
 * custom-instrument-pkg.vhd: `INPUT_INTERLACING_FACTOR`, `OUTPUT_INTERLACING_FACTOR`), the one place
 * they are set; null when the package does not declare both.
 */
export function interlacingOf(packageText: string): Interlacing | null {
  const factor = (name: string) => {
    const match = new RegExp(`\\b${name}\\s*:\\s*positive\\s*:=\\s*(\\d+)`, 'i').exec(packageText);
    return match ? Number(match[1]) : null;
  };
  const input = factor('INPUT_INTERLACING_FACTOR');
  const output = factor('OUTPUT_INTERLACING_FACTOR');
  return input && output ? { input, output } : null;
}

/**
 * The testbench's timing, the same for every language: cycle k's input samples are applied at
 * k·P (the clock low), and the clock rises at k·P + P/2, so a registered output changes half a
 * period after the inputs it was computed from. The run ends at N·P.
 */
export const risingEdgePs = (cycle: number, periodPs: number) => cycle * periodPs + Math.floor(periodPs / 2);

const hex32 = (value: number) => controlWord(value).toString(16).padStart(8, '0').toUpperCase();

/** The per-cycle changes (Control registers, Reset, ExtTrig) as `cycle → statements`. */
export function eventsByCycle(
  plan: StimulusPlan,
  statement: {
    control(register: number, hex: string): string;
    reset(value: boolean): string;
    extTrig(value: boolean): string;
  },
): Map<number, string[]> {
  const events = new Map<number, string[]>();
  const add = (cycle: number, line: string) => events.set(cycle, [...(events.get(cycle) ?? []), line]);
  for (const change of byCycle(plan.controls))
    add(change.at_cycle, statement.control(change.register, hex32(change.value)));
  for (const change of byCycle(plan.reset)) add(change.at_cycle, statement.reset(change.value));
  for (const change of byCycle(plan.extTrig)) add(change.at_cycle, statement.extTrig(change.value));
  return new Map([...events].sort(([a], [b]) => a - b));
}

/**
 * The interlaced interface's samples in the testbench: each port's lanes (`InputA_Lanes`), bound to the
 * design, and one signal per port (`InputA`) carrying the lanes in time order — what the waveform
 * shows, as the converters see them: input sample j of cycle k at k·P + j·P/F, and output sample j
 * of the values the design holds just after the rising edge at k·P + P/2, at that edge + j·P/F.
 * GHDL's dump leaves the lane arrays out (arrays of vectors), so only the time-ordered signals show.
 */
const VHDL_INTERLACED = {
  declarations: `  constant IN_STEP : time := PERIOD / INPUT_INTERLACING_FACTOR;
  constant OUT_STEP : time := PERIOD / OUTPUT_INTERLACING_FACTOR;
  signal InputA_Lanes, InputB_Lanes, InputC_Lanes, InputD_Lanes : T_Samples(0 to INPUT_INTERLACING_FACTOR - 1) :=
    (others => (others => '0'));
  signal OutputA_Lanes, OutputB_Lanes, OutputC_Lanes, OutputD_Lanes : T_Samples(0 to OUTPUT_INTERLACING_FACTOR - 1);`,
  ports: `      InputA => InputA_Lanes, InputB => InputB_Lanes, InputC => InputC_Lanes, InputD => InputD_Lanes,
      OutputA => OutputA_Lanes, OutputB => OutputB_Lanes, OutputC => OutputC_Lanes, OutputD => OutputD_Lanes`,
  read: `      for lane in 0 to INPUT_INTERLACING_FACTOR - 1 loop
        readline(samples, row);
        read(row, a); read(row, b); read(row, c); read(row, d);
        InputA_Lanes(lane) <= to_signed(a, 16); InputB_Lanes(lane) <= to_signed(b, 16);
        InputC_Lanes(lane) <= to_signed(c, 16); InputD_Lanes(lane) <= to_signed(d, 16);
        InputA <= transport to_signed(a, 16) after lane * IN_STEP; InputB <= transport to_signed(b, 16) after lane * IN_STEP;
        InputC <= transport to_signed(c, 16) after lane * IN_STEP; InputD <= transport to_signed(d, 16) after lane * IN_STEP;
      end loop;`,
  // Scheduled again whenever the lanes change within the edge's time step (a register's new value comes
  // a delta cycle after the edge): transport replaces what the earlier pass scheduled.
  processes: `
  output_view: process
    variable edge : time := 0 ns;
  begin
    wait on Clk, OutputA_Lanes, OutputB_Lanes, OutputC_Lanes, OutputD_Lanes;
    if rising_edge(Clk) then
      edge := now;
    end if;
    if Clk = '1' and now = edge then
      for lane in 0 to OUTPUT_INTERLACING_FACTOR - 1 loop
        OutputA <= transport OutputA_Lanes(lane) after lane * OUT_STEP;
        OutputB <= transport OutputB_Lanes(lane) after lane * OUT_STEP;
        OutputC <= transport OutputC_Lanes(lane) after lane * OUT_STEP;
        OutputD <= transport OutputD_Lanes(lane) after lane * OUT_STEP;
      end loop;
    end if;
  end process;
`,
};

/** The ports of one sample a cycle: the testbench's signals bound to the design's ports directly. */
const VHDL_ONE_SAMPLE = {
  declarations: '',
  ports: `      InputA => InputA, InputB => InputB, InputC => InputC, InputD => InputD,
      OutputA => OutputA, OutputB => OutputB, OutputC => OutputC, OutputD => OutputD`,
  read: `      readline(samples, row);
      read(row, a); read(row, b); read(row, c); read(row, d);
      InputA <= to_signed(a, 16); InputB <= to_signed(b, 16);
      InputC <= to_signed(c, 16); InputD <= to_signed(d, 16);`,
  processes: '',
};

/** A VHDL-2008 testbench around the CustomInstrument, CustomWrapper or CustomInstrumentInterlaced entity. */
export function vhdlStimulusTestbench(plan: StimulusPlan, target: string, periodPs: number): string {
  const wrapper = target === 'CustomWrapper';
  const samples = target === INTERLACED_TARGET ? VHDL_INTERLACED : VHDL_ONE_SAMPLE;
  const events = eventsByCycle(plan, {
    control: (register, hex) => `Control${register} <= x"${hex}";`,
    reset: (value) => `Reset <= '${value ? 1 : 0}';`,
    extTrig: (value) => `ExtTrig <= '${value ? 1 : 0}';`,
  });
  const cases = [...events].map(([cycle, lines]) => `          when ${cycle} => ${lines.join(' ')}`);
  const registers = Array.from({ length: 16 }, (_, index) => index);
  // One signal per register (GHDL's VCD leaves arrays of vectors out), each associated with its element.
  const controlDeclarations = [
    ...registers.map((r) => `  signal Control${r} : std_logic_vector(31 downto 0) := (others => '0');`),
    ...(wrapper ? [] : registers.map((r) => `  signal Status${r} : std_logic_vector(31 downto 0);`)),
  ];
  const controlMap = wrapper
    ? registers.map((r) => `      Control${r} => Control${r},`)
    : [
        ...registers.map((r) => `      Control(${r}) => Control${r},`),
        ...registers.map((r) => `      Status(${r}) => Status${r},`),
      ];
  const packages = wrapper
    ? ''
    : `use work.CustomInstrumentPkg.all;\n${target === INTERLACED_TARGET ? 'use work.CustomInstrumentInterlacedPkg.all;\n' : ''}`;
  return `-- Generated by the platform for a stimulus simulation: drives the slot's ports, one sample row per cycle.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;
use std.textio.all;
library work;
${packages}
entity ${STIMULUS_TB_NAME} is
end entity;

architecture Simulation of ${STIMULUS_TB_NAME} is
  constant PERIOD : time := ${periodPs} ps;
  constant HALF : time := ${Math.floor(periodPs / 2)} ps;
  constant CYCLES : natural := ${plan.durationCycles};
  signal Clk, Reset, ExtTrig : std_logic := '0';
  signal InputA, InputB, InputC, InputD : signed(15 downto 0) := (others => '0');
  signal OutputA, OutputB, OutputC, OutputD : signed(15 downto 0);
${controlDeclarations.join('\n')}
${samples.declarations}
begin
  dut: entity work.${target}
    port map (
      Clk => Clk, Reset => Reset, ExtTrig => ExtTrig,
${controlMap.join('\n')}
${samples.ports}
    );

  drive: process
    file samples : text open read_mode is "${STIMULUS_SAMPLES_FILE}";
    variable row : line;
    variable a, b, c, d : integer;
  begin
    for cycle in 0 to CYCLES - 1 loop
${samples.read}
${cases.length ? `      case cycle is\n${cases.join('\n')}\n          when others => null;\n      end case;\n` : ''}      Clk <= '0';
      wait for HALF;
      Clk <= '1';
      wait for PERIOD - HALF;
    end loop;
    Clk <= '0';
    std.env.finish;
  end process;
${samples.processes}end architecture;
`;
}

/** The samples file: a row per sample (per cycle, or several a cycle when interlaced), InputA–InputD in codes. */
export function samplesFile(codes: Record<'A' | 'B' | 'C' | 'D', Int16Array>, samples: number): string {
  const rows: string[] = new Array(samples);
  for (let index = 0; index < samples; index++)
    rows[index] = `${codes.A[index]} ${codes.B[index]} ${codes.C[index]} ${codes.D[index]}`;
  return rows.join('\n') + '\n';
}
