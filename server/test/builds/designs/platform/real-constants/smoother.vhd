-- A first-order low-pass filter whose coefficient comes from real constants in a package.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

use work.FilterConstants.all;

architecture Smoother of CustomInstrument is
    signal State : signed(31 downto 0) := (others => '0');
begin
    process (Clk) is
        variable Step : signed(47 downto 0);
    begin
        if rising_edge(Clk) then
            if Reset = '1' then
                State <= (others => '0');
            else
                Step := (resize(InputA, 32) - shift_right(State, 15)) * to_signed(ALPHA_Q15, 16);
                State <= State + Step(31 downto 0);
            end if;
        end if;
    end process;

    OutputA <= State(30 downto 15);
    OutputB <= shift_right(InputB, SHIFT);
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= Control;
end architecture;
