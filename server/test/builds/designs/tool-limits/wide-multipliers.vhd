-- Four 64 x 64-bit products of control registers, summed into outputa: DSP-sized arithmetic that a
-- generic synthesis turns into tens of thousands of cells.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

architecture products of CustomInstrument is
  type wide_t is array (0 to 3) of unsigned(63 downto 0);
  type product_t is array (0 to 3) of unsigned(127 downto 0);
  signal a, b : wide_t;
  signal p : product_t;
begin
  operands : for i in 0 to 3 generate
    a(i) <= unsigned(Control(4 * i)) & unsigned(Control(4 * i + 1));
    b(i) <= unsigned(Control(4 * i + 2)) & unsigned(Control(4 * i + 3));
  end generate;

  process (Clk)
  begin
    if rising_edge(Clk) then
      for i in 0 to 3 loop
        p(i) <= a(i) * b(i);
      end loop;
      OutputA <= signed(p(0)(127 downto 112) xor p(1)(127 downto 112) xor p(2)(127 downto 112) xor p(3)(127 downto 112));
    end if;
  end process;
end architecture;
