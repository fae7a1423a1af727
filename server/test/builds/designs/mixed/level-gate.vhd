-- A VHDL entity whose ports are typed by a package's subtype and by an integer range: typed-top.sv
-- instantiates it, and the check sizes them as synthesis does (12 bits, 8 bits).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

package level_types is
    subtype level_t is signed(11 downto 0);
end package;

library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.level_types.all;

entity LevelGate is
    port (
        clk : in std_logic;
        level : in level_t;
        gain : in natural range 0 to 255;
        gated : out level_t
    );
end entity;

architecture rtl of LevelGate is
begin
    process (clk) is
    begin
        if rising_edge(clk) then
            if gain = 0 then
                gated <= (others => '0');
            else
                gated <= level;
            end if;
        end if;
    end process;
end architecture;
