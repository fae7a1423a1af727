-- A gain computed with a real-number conversion at run time: GHDL's synthesis cannot convert this.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

package GainMath is
    constant GAIN : real := 0.8;
    function scaled(Sample : integer) return integer;
end package;

package body GainMath is
    function scaled(Sample : integer) return integer is
    begin
        return integer(real(Sample) * GAIN);
    end function;
end package body;

library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

use work.GainMath.all;

architecture Gain of CustomInstrument is
begin
    process (Clk) is
    begin
        if rising_edge(Clk) then
            OutputA <= to_signed(scaled(to_integer(InputA)), 16);
        end if;
    end process;
    OutputB <= InputB;
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= Control;
end architecture;
