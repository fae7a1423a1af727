-- Feeds the platform's CORDIC core the concatenation of two signed signals, converted as the port needs, in
-- a design that declares its own array of signed values: that array's "&" gives the operand a second
-- meaning, which the vendor's toolchain resolves (the signed concatenation) and GHDL refuses.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture History of CustomInstrument is
    type T_History is array (0 to 3) of signed(15 downto 0);
    signal Past      : T_History;
    signal Re, Im    : signed(15 downto 0);
    signal Polar     : std_logic_vector(31 downto 0);
    signal Valid     : std_logic;
begin
    Angle : Cordic_Translate_16
        port map (
            aclk => Clk,
            s_axis_cartesian_tvalid => '1',
            s_axis_cartesian_tdata => std_logic_vector(Im & Re),
            m_axis_dout_tvalid => Valid,
            m_axis_dout_tdata => Polar
        );

    process (Clk) is
    begin
        if rising_edge(Clk) then
            Re <= InputA;
            Im <= InputB;
            Past <= Past(1 to 3) & InputA;
            if Valid = '1' then
                OutputA <= signed(Polar(15 downto 0));
                OutputB <= Past(0);
            end if;
        end if;
    end process;
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= (others => (others => '0'));
end architecture;
