// Testbench designs the simulation tests run with the real tools: through the API
// (simulation-testbench.test.ts) and through the CLI (server/test/cli/cloud-compile-simulate.test.ts).

/** The 1-based line of the first line of `text` that contains `marker`. */
export const lineOf = (text: string, marker: string) => text.split('\n').findIndex((line) => line.includes(marker)) + 1;

/** A counter checked against the wrong value at 42 ns: the assertion at THE CHECK fails ("count was 4, expected 5"). */
export const VHDL_TB = `library ieee;
use ieee.std_logic_1164.all;

entity count_tb is
end entity;

architecture test of count_tb is
  signal clk : std_logic := '0';
  signal count : natural := 0;
begin
  clk <= not clk after 5 ns;
  count <= count + 1 when rising_edge(clk);
  check: process
  begin
    wait for 42 ns;
    report "count is " & integer'image(count);
    assert count = 5 report "count was " & integer'image(count) & ", expected 5" severity error; -- THE CHECK
    wait;
  end process;
end architecture;
`;

/** A clock for 100 ns, then the testbench ends (reporting "done"). */
export const PASSING_TB = `library ieee;
use ieee.std_logic_1164.all;

entity pass_tb is
end entity;

architecture test of pass_tb is
  signal clk : std_logic := '0';
begin
  clk <= not clk after 5 ns;
  process
  begin
    wait for 100 ns;
    report "done";
    std.env.finish;
  end process;
end architecture;
`;

/** A process that never waits: simulated time stands still while the CPU spins. */
export const SPINNING_TB = `entity spin_tb is
end entity;

architecture test of spin_tb is
begin
  process
    variable n : natural := 0;
  begin
    loop
      n := (n + 1) mod 1000;
    end loop;
  end process;
end architecture;
`;

/** A clock toggling every nanosecond with no end: its waveform fills chunks of changes until it is stopped. */
export const ENDLESS_CLOCK_TB = `library ieee;
use ieee.std_logic_1164.all;

entity endless_tb is
end entity;

architecture test of endless_tb is
  signal clk : std_logic := '0';
begin
  clk <= not clk after 1 ns;
end architecture;
`;
