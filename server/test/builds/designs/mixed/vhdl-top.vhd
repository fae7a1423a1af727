library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

-- The other direction of a mixed design: a VHDL top whose component is a Verilog module of the project
-- (peak-hold.v). OutputA holds the highest InputA seen since the last reset.
architecture Behavioural of CustomInstrument is
    component peak_hold is
        generic (WIDTH : integer := 16);
        port (
            clk : in std_logic;
            rst : in std_logic;
            x : in signed(WIDTH - 1 downto 0);
            peak : out signed(WIDTH - 1 downto 0)
        );
    end component;
begin
    HOLD : peak_hold
        generic map (WIDTH => 16)
        port map (clk => Clk, rst => Reset, x => InputA, peak => OutputA);

    OutputB <= InputB;
    OutputC <= (others => '0');
    OutputD <= (others => '0');
    Status <= (others => (others => '0'));
end architecture;
