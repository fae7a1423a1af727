/**
 * What a new testbench file (`*_tb.vhd`, `*_tb.v`, `*_tb.sv`) starts with: a testbench of the slot's
 * design that clocks it, drives InputA and a control register, and checks OutputA with an assertion
 * whose failure the simulation reports at its file and line. It fits the new-file design template
 * (OutputA follows InputA, halved while Control0 is non-zero) and passes against it.
 */

/** Whether a file name is a testbench's (Simulate runs these). */
export const isTestbenchFile = (name: string) => /_tb\.(vhdl?|s?v)$/i.test(name);

const unitName = (fileName: string) => fileName.replace(/\.[^.]+$/, '').replace(/\W/g, '_');

export function vhdlTestbenchTemplate(fileName: string, target: string): string {
  const wrapper = target === 'CustomWrapper';
  const controls = wrapper
    ? Array.from({ length: 16 }, (_, i) => `      Control${i} => ${i === 0 ? 'Control0' : "(others => '0')"},`).join(
        '\n',
      )
    : '      Control => Control,\n      Status => open,';
  return `library IEEE;
use IEEE.std_logic_1164.all;
use IEEE.numeric_std.all;
${wrapper ? '' : 'use work.CustomInstrumentPkg.all;\n'}
-- A testbench of the slot's design: Simulate runs it and shows its report lines and waveforms.
-- A failed assertion (severity error or failure) fails the simulation at its line.
entity ${unitName(fileName)} is
end entity;

architecture Test of ${unitName(fileName)} is
  constant PERIOD : time := 8 ns;
  signal Clk : std_logic := '0';
  signal Reset, ExtTrig : std_logic := '0';
  signal InputA, InputB, InputC, InputD : signed(15 downto 0) := (others => '0');
  signal OutputA, OutputB, OutputC, OutputD : signed(15 downto 0);
${wrapper ? "  signal Control0 : std_logic_vector(31 downto 0) := (others => '0');" : "  signal Control : T_Control := (others => (others => '0'));"}
  signal Done : boolean := false;
begin
  Clk <= not Clk after PERIOD / 2 when not Done;

  dut: entity work.${wrapper ? 'CustomWrapper' : 'CustomInstrument'}
    port map (
      Clk => Clk, Reset => Reset, ExtTrig => ExtTrig,
      InputA => InputA, InputB => InputB, InputC => InputC, InputD => InputD,
${controls}
      OutputA => OutputA, OutputB => OutputB, OutputC => OutputC, OutputD => OutputD
    );

  check: process
  begin
    Reset <= '1';
    wait until rising_edge(Clk);
    Reset <= '0';
    InputA <= to_signed(1000, 16);
    wait until rising_edge(Clk);
    wait until falling_edge(Clk);
    report "OutputA = " & integer'image(to_integer(OutputA));
    assert OutputA = 1000 report "OutputA should follow InputA" severity error;
    ${wrapper ? 'Control0' : 'Control(0)'} <= x"00000001";
    wait until rising_edge(Clk);
    wait until falling_edge(Clk);
    assert OutputA = 500 report "OutputA should be halved while Control0 is set" severity error;
    report "done";
    Done <= true;
    wait;
  end process;
end architecture;
`;
}

export function verilogTestbenchTemplate(fileName: string, target: string): string {
  const wrapper = target === 'CustomWrapper';
  const controls = wrapper
    ? Array.from({ length: 16 }, (_, i) => `.control${i}(${i === 0 ? 'control0' : "32'd0"})`).join(', ')
    : ".control({control0, {15{32'd0}}}), .status()";
  return `\`timescale 1ns/1ps
// A testbench of the slot's design: Simulate runs it and shows its $display lines and waveforms.
// $error or $fatal fails the simulation at its line.
module ${unitName(fileName)};
  reg clk = 1'b0, reset = 1'b1, exttrig = 1'b0;
  reg signed [15:0] inputa = 16'sd0;
  reg [31:0] control0 = 32'd0;
  wire signed [15:0] outputa, outputb, outputc, outputd;

  always #4 clk = ~clk;

  ${wrapper ? 'CustomWrapper' : 'CustomInstrument'} dut (
    .clk(clk), .reset(reset), .sync(32'd0), .exttrig(exttrig),
    .inputa(inputa), .inputb(16'sd0), .inputc(16'sd0), .inputd(16'sd0),
    .outputa(outputa), .outputb(outputb), .outputc(outputc), .outputd(outputd),
    ${controls}
  );

  initial begin
    @(posedge clk) reset = 1'b0;
    inputa = 16'sd1000;
    @(posedge clk); @(negedge clk);
    $display("outputa = %0d", outputa);
    if (outputa !== 16'sd1000) $error("outputa should follow inputa");
    control0 = 32'd1;
    @(posedge clk); @(negedge clk);
    if (outputa !== 16'sd500) $error("outputa should be halved while control0 is set");
    $display("done");
    $finish;
  end
endmodule
`;
}
