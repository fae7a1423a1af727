-- Mixes two inputs with the platform library's saturating helpers (every Moku.Support function).
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

library Moku;
use Moku.Support.all;

architecture Mixer of CustomInstrument is
    signal Product : signed(31 downto 0);
    signal Level   : unsigned(15 downto 0);
begin
    process (Clk) is
    begin
        if rising_edge(Clk) then
            Product <= InputA * InputB;
            -- The product's bits 30..15, saturated instead of wrapped.
            OutputA <= clip(Product, 30, 15);
            -- A + B and A + offset without wrapping.
            OutputB <= sum_no_overflow(InputA, InputC);
            OutputC <= sum_no_overflow(InputC, to_integer(signed(Control(1)(15 downto 0))));
            -- A level that climbs and falls by the input, held within 0 .. 65535.
            if Reset = '1' then
                Level <= (others => '0');
            elsif Control(2)(0) = '1' then
                Level <= sum_no_overflow(Level, 1);
            else
                Level <= sum_no_overflow(Level, InputD);
            end if;
            OutputD <= clip_val(InputD, -1000, 1000);
        end if;
    end process;

    Status(0) <= (0 => or_reduce(Control(3)), others => '0');
    Status(1) <= std_logic_vector(resize(Level, 32));
    Status(2 to 15) <= (others => (others => '0'));
end architecture;
