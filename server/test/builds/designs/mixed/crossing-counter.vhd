-- A VHDL entity the SystemVerilog top (mixed-top.sv) instantiates: counts the samples that cross a level
-- upwards. Generics size its vectors; the Verilog side overrides one of them.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity CrossingCounter is
    generic (
        COUNT_BITS : positive := 16;
        SAMPLE_BITS : positive := 16
    );
    port (
        Clk : in std_logic;
        Reset : in std_logic;
        Sample : in signed(SAMPLE_BITS - 1 downto 0);
        Level : in signed(SAMPLE_BITS - 1 downto 0);
        Crossings : out unsigned(COUNT_BITS - 1 downto 0);
        Above : out std_logic
    );
end entity;

architecture Behavioural of CrossingCounter is
    signal count : unsigned(COUNT_BITS - 1 downto 0) := (others => '0');
    signal was_above : std_logic := '0';
begin
    process (Clk) is
    begin
        if rising_edge(Clk) then
            if Reset = '1' then
                count <= (others => '0');
                was_above <= '0';
            else
                if Sample > Level then
                    if was_above = '0' then
                        count <= count + 1;
                    end if;
                    was_above <= '1';
                else
                    was_above <= '0';
                end if;
            end if;
        end if;
    end process;

    Crossings <= count;
    Above <= was_above;
end architecture;
