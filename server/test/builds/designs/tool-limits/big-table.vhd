-- A design that asks for more memory than a check build allows: a constant table of 2**24 integers,
-- filled by a function at elaboration. Valid VHDL; GHDL's synthesis runs out of memory making it.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

architecture table_lookup of CustomInstrument is
  type table_t is array (0 to 2**24 - 1) of integer;

  function ramp return table_t is
    variable t : table_t;
  begin
    for i in t'range loop
      t(i) := i mod 32768;
    end loop;
    return t;
  end function;

  constant TABLE : table_t := ramp;
begin
  process (Clk)
  begin
    if rising_edge(Clk) then
      OutputA <= to_signed(TABLE(to_integer(unsigned(Control(0)(23 downto 0)))), 16);
    end if;
  end process;
end architecture;
