-- A gain and offset per channel with the platform library's ScaleOffset components.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

library Moku;
use Moku.Support.all;

architecture Gain of CustomInstrument is
    signal GainA, OffsetA : signed(15 downto 0);
    signal ValidA, ValidB : std_logic;
begin
    GainA <= signed(Control(0)(15 downto 0));
    OffsetA <= signed(Control(0)(31 downto 16));

    ScaleA : ScaleOffset
        generic map (NORMAL_SHIFT => 2, ROUNDING => false, OUT_REG => 1)
        port map (Clk => Clk, Reset => Reset, X => InputA, Scale => GainA, Offset => OffsetA, Z => OutputA,
                  Valid => ExtTrig, OutValid => ValidA);

    -- The sum of two inputs, scaled by the same gain.
    SumB : ScaleOffset2
        generic map (OFFSET_SHIFT => 2, IN_REG => 1, MID_REG => 0)
        port map (Clk => Clk, Reset => Reset, X => InputB, Y => InputC, Scale => GainA, Offset => OffsetA,
                  Z => OutputB, Valid => ExtTrig, OutValid => ValidB);

    OutputC <= InputC;
    OutputD <= InputD;
    Status(0) <= (0 => ValidA, 1 => ValidB, others => '0');
    Status(1 to 15) <= (others => (others => '0'));
end architecture;
