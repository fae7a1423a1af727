-- The types and sizes the averager shares with the top level.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

package AverageTypes is
    subtype T_Sample is signed(15 downto 0);
    constant DEPTH_LOG2 : positive := 3;
end package;
