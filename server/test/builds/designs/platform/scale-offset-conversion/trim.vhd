-- Trims inputs A and B with ScaleOffset, converting the control registers in the port maps, as the
-- vendor's toolchain accepts: signed(Control(n)(15 downto 0)) into the component's unconstrained ports.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

library Moku;
use Moku.Support.ScaleOffset;

architecture Trim of CustomInstrument is
begin
    TrimA : ScaleOffset
        port map (Clk => Clk, Reset => Reset, X => InputA,
                  Scale => signed(Control(0)(15 downto 0)), Offset => signed(Control(0)(31 downto 16)),
                  Z => OutputA, Valid => '1', OutValid => open);

    TrimB : ScaleOffset
        generic map (NORMAL_SHIFT => 3)
        port map (
            Clk => Clk,
            Reset => Reset,
            X => InputB,
            Scale => signed(Control(1)(15 downto 0)),
            Offset => signed(Control(1)(31 downto 16)),
            Z => OutputB,
            Valid => '1',
            OutValid => open
        );

    OutputC <= InputC;
    OutputD <= InputD;
    Status <= (others => (others => '0'));
end architecture;
