-- Smooths input A with the platform's FIR core and adds input B with its adder core, connecting signed
-- signals to the cores' std_logic_vector ports directly, as the vendor's toolchain accepts (a tab-indented
-- association among them, as the vendor's examples are written).
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture SmoothedSum of CustomInstrument is
    signal Smoothed : signed(23 downto 0);
    signal Sum      : signed(15 downto 0);
    signal Valid    : std_logic;
begin
    Smoother : FIR_Filter_7coef
        port map (
            aclk => Clk, s_axis_data_tvalid => '1', s_axis_data_tready => open,
            s_axis_data_tdata => InputA,
            m_axis_data_tvalid => Valid,
		m_axis_data_tdata => Smoothed
        );

    Adder : AddSubtract_16
        port map (A => Smoothed(23 downto 8), B => InputB, CLK => Clk, ADD => '1', CE => Valid, S => Sum);

    OutputA <= Sum;
    OutputB <= Smoothed(23 downto 8);
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= (others => (others => '0'));
end architecture;
