-- Crossfades between inputs A and B by a fraction set in control register 0.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

library Moku;
use Moku.Support.all;

architecture Crossfade of CustomInstrument is
    signal Fraction : unsigned(11 downto 0);
begin
    Fraction <= unsigned(Control(0)(11 downto 0));

    Fade : Interpolator
        port map (Clk => Clk, Reset => Reset, A => InputA, B => InputB, N => Fraction, Z => OutputA);

    OutputB <= InputB;
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= Control;
end architecture;
