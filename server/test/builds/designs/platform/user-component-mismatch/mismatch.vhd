-- A component of the user's own with a std_logic_vector port, given a signed signal: GHDL's refusal is
-- the design's error here (only the platform's components get the vendor's leniency).
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

entity Delay is
    port (Clk : in std_logic; D : in std_logic_vector(15 downto 0); Q : out std_logic_vector(15 downto 0));
end entity;

architecture Registered of Delay is
begin
    Q <= D when rising_edge(Clk);
end architecture;

library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture Delayed of CustomInstrument is
    signal Late : std_logic_vector(15 downto 0);
begin
    Stage : entity work.Delay
        port map (Clk => Clk, D => InputA, Q => Late);

    OutputA <= signed(Late);
    OutputB <= InputB;
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= (others => (others => '0'));
end architecture;
