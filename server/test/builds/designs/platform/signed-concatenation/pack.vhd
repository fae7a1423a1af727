-- Packs inputs A and B into one 32-bit word and feeds it to the platform's CORDIC core, as a design converting
-- the concatenation of two signed ports writes it. The conversion's operand must have one meaning: a platform
-- type built of signed samples (the interlaced target's) must not make "&" ambiguous here, nor the register
-- array (built of std_logic_vector) for two std_logic_vector slices.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture Pack of CustomInstrument is
    signal Polar : std_logic_vector(31 downto 0);
    signal Valid : std_logic;
begin
    Angle : Cordic_Translate_16
        port map (
            aclk => Clk,
            s_axis_cartesian_tvalid => '1',
            s_axis_cartesian_tdata => std_logic_vector(InputA & InputB),
            m_axis_dout_tvalid => Valid,
            m_axis_dout_tdata => Polar
        );

    Status(0) <= std_logic_vector(InputC & InputD);
    Status(1) <= std_logic_vector(Polar(31 downto 16) & Polar(15 downto 0));
    Status(2 to 15) <= (others => (others => '0'));

    process (Clk) is
    begin
        if rising_edge(Clk) then
            if Valid = '1' then
                OutputA <= signed(Polar(15 downto 0));
                OutputB <= signed(Polar(31 downto 16));
            end if;
        end if;
    end process;
    OutputC <= (others => '0');
    OutputD <= (others => '0');
end architecture;
