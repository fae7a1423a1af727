-- Drives three of the four outputs: GHDL's warning about OutputD belongs to this architecture.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture Partial of CustomInstrument is
begin
    process (Clk) is
    begin
        if rising_edge(Clk) then
            OutputA <= InputA + InputB;
            OutputB <= InputB - InputA;
            OutputC <= InputC;
        end if;
    end process;
    Status <= Control;
end architecture;
