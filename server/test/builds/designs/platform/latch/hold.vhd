-- Follows input A while the trigger is high and holds the last value while it is low: a latch, which
-- the vendor's toolchain builds with a warning.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture Hold of CustomInstrument is
begin
    process (ExtTrig, InputA) is  -- a latch: OutputA keeps its value while ExtTrig is low
    begin
        if ExtTrig = '1' then
            OutputA <= InputA;
        end if;
    end process;

    OutputB <= InputB;
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= Control;
end architecture;
