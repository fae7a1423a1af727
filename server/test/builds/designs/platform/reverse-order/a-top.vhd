-- The top level: uses the averager of b-averager.vhd, which uses the package of c-types.vhd.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

use work.AverageTypes.all;

architecture Averaging of CustomInstrument is
    signal Mean : T_Sample;
begin
    Averager : entity work.RunningAverage
        port map (Clk => Clk, Reset => Reset, Sample => InputA, Mean => Mean);
    OutputA <= Mean;
    OutputB <= InputB;
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= Control;
end architecture;
