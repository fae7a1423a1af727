-- ScaleOffset with IN_REG and MID_REG both set, which the component refuses.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

library Moku;
use Moku.Support.all;

architecture Wrong of CustomInstrument is
    signal Gain : signed(15 downto 0);
    signal Done : std_logic;
begin
    Gain <= signed(Control(0)(15 downto 0));

    Scale : ScaleOffset
        generic map (IN_REG => 1, MID_REG => 1)
        port map (Clk => Clk, Reset => Reset, X => InputA, Scale => Gain, Offset => InputB, Z => OutputA,
                  Valid => '1', OutValid => Done);

    OutputB <= InputB;
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= Control;
end architecture;
