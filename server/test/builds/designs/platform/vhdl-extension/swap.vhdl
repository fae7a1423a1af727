-- A top level in a .vhdl file: swaps the inputs pairwise, registered.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture Swap of CustomInstrument is
begin
    process (Clk) is
    begin
        if rising_edge(Clk) then
            OutputA <= InputB;
            OutputB <= InputA;
            OutputC <= InputD;
            OutputD <= InputC;
        end if;
    end process;
    Status <= Control;
end architecture;
