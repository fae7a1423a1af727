-- Checks Moku.Support's Interpolator (instantiated as the package's component) against
-- Z = A + floor((B - A) * N / 2**N'length), registered (OUT_REG = 1, the default) or combinational.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;
use IEEE.Math_Real.all;

library Moku;
use Moku.Support.all;

entity tb_interpolator is
end entity;

architecture Test of tb_interpolator is
    signal Clk     : std_logic := '0';
    signal Running : boolean := true;
    signal A, B    : signed(15 downto 0) := (others => '0');
    signal N       : unsigned(7 downto 0) := (others => '0');
    signal ZReg    : signed(15 downto 0);
    signal ZNow    : signed(15 downto 0);

    function expected(Av, Bv, Nv : integer) return integer is
    begin
        return Av + integer(floor(real(Bv - Av) * real(Nv) / 256.0));
    end function;
begin
    Clk <= not Clk after 5 ns when Running else Clk;

    Registered : Interpolator
        port map (Clk => Clk, Reset => '0', A => A, B => B, N => N, Z => ZReg);
    Combinational : Interpolator
        generic map (OUT_REG => 0)
        port map (Clk => Clk, Reset => '0', A => A, B => B, N => N, Z => ZNow);

    process is
        type T_Ints is array (natural range <>) of integer;
        -- The widest spans (both ways), N at 0, 1/256 and 255/256, and rounding towards minus infinity.
        constant EDGE_A : T_Ints := (-32768, 32767, -32768, 32767, 0, 0, 0, 100, -7);
        constant EDGE_B : T_Ints := (32767, -32768, 32767, -32768, 1, -1, 3, 100, 8);
        constant EDGE_N : T_Ints := (255, 255, 0, 1, 128, 128, 171, 200, 77);
        variable Seed1  : positive := 3;
        variable Seed2  : positive := 99;
        variable Draw   : real;
        variable Av, Bv : integer;
        variable Nv     : integer;
        variable Checks : natural := 0;
        variable Want   : integer;
    begin
        for Index in 0 to 1999 loop
            if Index < EDGE_A'length then
                Av := EDGE_A(Index);
                Bv := EDGE_B(Index);
                Nv := EDGE_N(Index);
            else
                uniform(Seed1, Seed2, Draw);
                Av := integer(floor(Draw * 65536.0)) - 32768;
                uniform(Seed1, Seed2, Draw);
                Bv := integer(floor(Draw * 65536.0)) - 32768;
                uniform(Seed1, Seed2, Draw);
                Nv := integer(floor(Draw * 256.0));
            end if;
            A <= to_signed(Av, 16);
            B <= to_signed(Bv, 16);
            N <= to_unsigned(Nv, 8);
            Want := expected(Av, Bv, Nv);
            wait for 1 ns;
            assert to_integer(ZNow) = Want
                report "OUT_REG 0: A " & integer'image(Av) & ", B " & integer'image(Bv) & ", N " & integer'image(Nv)
                    & ": Z = " & integer'image(to_integer(ZNow)) & ", expected " & integer'image(Want)
                severity error;
            -- The registered one shows it after the next edge.
            wait until rising_edge(Clk);
            wait for 1 ns;
            assert to_integer(ZReg) = Want
                report "OUT_REG 1: A " & integer'image(Av) & ", B " & integer'image(Bv) & ", N " & integer'image(Nv)
                    & ": Z = " & integer'image(to_integer(ZReg)) & ", expected " & integer'image(Want)
                severity error;
            Checks := Checks + 2;
        end loop;
        report "tb_interpolator: " & integer'image(Checks) & " checks done";
        Running <= false;
        wait;
    end process;
end architecture;
