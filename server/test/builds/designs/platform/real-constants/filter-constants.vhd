-- Filter settings worked out from real-number constants at analysis time.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;
use IEEE.Math_Real.all;

package FilterConstants is
    constant SAMPLE_RATE : real := 125.0e6;
    constant CORNER      : real := 1.5e6;
    constant ALPHA       : real := 1.0 - exp(-2.0 * MATH_PI * CORNER / SAMPLE_RATE);
    constant ALPHA_Q15   : integer := integer(round(ALPHA * 2.0 ** 15));
    constant SHIFT       : natural := integer(ceil(log2(1.0 / ALPHA)));
end package;
