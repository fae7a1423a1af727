-- The mean of the last 2**DEPTH_LOG2 samples.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

use work.AverageTypes.all;

entity RunningAverage is
    port (
        Clk, Reset : in  std_logic;
        Sample     : in  T_Sample;
        Mean       : out T_Sample
    );
end entity;

architecture Rtl of RunningAverage is
    type T_History is array (0 to 2 ** DEPTH_LOG2 - 1) of T_Sample;
    signal History : T_History := (others => (others => '0'));
    signal Total   : signed(15 + DEPTH_LOG2 downto 0) := (others => '0');
begin
    process (Clk) is
    begin
        if rising_edge(Clk) then
            if Reset = '1' then
                History <= (others => (others => '0'));
                Total <= (others => '0');
            else
                History <= Sample & History(0 to History'high - 1);
                Total <= Total + Sample - History(History'high);
            end if;
        end if;
    end process;
    Mean <= Total(Total'high downto DEPTH_LOG2);
end architecture;
