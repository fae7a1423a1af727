-- Feeds input A to the platform's FFT core and counts its frames with the counter core; the components
-- are the platform's (no declaration here, as on the instrument).
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture Spectrum of CustomInstrument is
    signal Samples   : std_logic_vector(31 downto 0);
    -- Unscaled 1024-point transform: 27-bit parts, imaginary in 58..32, real in 26..0.
    signal Spectrum  : std_logic_vector(63 downto 0);
    signal Bin       : std_logic_vector(15 downto 0);
    signal Started   : std_logic;
    signal Frames    : std_logic_vector(31 downto 0);
    signal Ready     : std_logic;
    signal OutValid  : std_logic;
    signal Last      : std_logic;
    signal NotReset  : std_logic;
begin
    Samples <= std_logic_vector(InputA) & x"0000";
    NotReset <= not Reset;

    Transform : FFT_1024
        port map (
            aclk => Clk, aresetn => NotReset,
            s_axis_config_tdata => Control(1)(7 downto 0), s_axis_config_tvalid => Control(2)(0),
            s_axis_config_tready => open,
            s_axis_data_tdata => Samples, s_axis_data_tvalid => '1', s_axis_data_tready => Ready,
            s_axis_data_tlast => ExtTrig,
            m_axis_data_tdata => Spectrum, m_axis_data_tuser => Bin, m_axis_data_tvalid => OutValid,
            m_axis_data_tready => '1', m_axis_data_tlast => Last,
            event_frame_started => Started, event_tlast_unexpected => open, event_tlast_missing => open,
            event_status_channel_halt => open, event_data_in_channel_halt => open,
            event_data_out_channel_halt => open
        );

    FrameCount : Counter_32
        port map (CLK => Clk, SCLR => Reset, UP => Started, Q => Frames);

    process (Clk) is
    begin
        if rising_edge(Clk) then
            if OutValid = '1' then
                OutputA <= signed(Spectrum(58 downto 43));
                OutputB <= signed(Spectrum(26 downto 11));
                OutputC <= signed(Bin);
            end if;
        end if;
    end process;
    OutputD <= (0 => Ready, 1 => Last, others => '0');
    Status(0) <= Frames;
    Status(1 to 15) <= (others => (others => '0'));
end architecture;
