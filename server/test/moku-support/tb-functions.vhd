-- Checks Moku.Support's functions against their documented formulas, exhaustively on small widths:
-- every result is compared with the formula worked out in integers.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

library Moku;
use Moku.Support.all;

entity tb_functions is
end entity;

architecture Test of tb_functions is
    function clamp(V, Low, High : integer) return integer is
    begin
        if V < Low then
            return Low;
        elsif V > High then
            return High;
        end if;
        return V;
    end function;

    -- Integer division rounding towards minus infinity (VHDL's "/" truncates).
    function floor_div(V, D : integer) return integer is
    begin
        if V >= 0 or V mod D = 0 then
            return V / D;
        end if;
        return V / D - 1;
    end function;
begin
    process is
        variable Checks : natural := 0;
        variable A4     : signed(3 downto 0);
        variable S6     : signed(5 downto 0);
        variable U4     : unsigned(3 downto 0);
        variable R4     : signed(3 downto 0);
        variable RU     : unsigned(3 downto 0);
        variable A8     : signed(7 downto 0);
        variable High   : signed(11 downto 4);
        variable Bits   : std_logic_vector(4 downto 0);
        variable Want   : integer;
    begin
        for A in -8 to 7 loop
            A4 := to_signed(A, 4);
            -- (signed, signed), B narrower, as wide and wider than A: saturated to A's range [-8, 7].
            for B in -32 to 31 loop
                S6 := to_signed(B, 6);
                R4 := sum_no_overflow(A4, S6);
                assert to_integer(R4) = clamp(A + B, -8, 7)
                    report "sum_no_overflow(signed " & integer'image(A) & ", signed " & integer'image(B) & ") = "
                        & integer'image(to_integer(R4)) severity error;
                -- (signed, integer)
                R4 := sum_no_overflow(A4, B * 1000);
                assert to_integer(R4) = clamp(A + B * 1000, -8, 7)
                    report "sum_no_overflow(signed, integer " & integer'image(B * 1000) & ")" severity error;
                Checks := Checks + 2;
            end loop;
            for B in -8 to 7 loop
                R4 := sum_no_overflow(A4, to_signed(B, 4));
                assert to_integer(R4) = clamp(A + B, -8, 7) report "sum_no_overflow(4 bits, 4 bits)" severity error;
                Checks := Checks + 1;
            end loop;
        end loop;
        for A in 0 to 15 loop
            U4 := to_unsigned(A, 4);
            for B in -32 to 31 loop
                -- (unsigned, signed) and (unsigned, integer): saturated to [0, 15].
                RU := sum_no_overflow(U4, to_signed(B, 6));
                assert to_integer(RU) = clamp(A + B, 0, 15)
                    report "sum_no_overflow(unsigned " & integer'image(A) & ", signed " & integer'image(B) & ") = "
                        & integer'image(to_integer(RU)) severity error;
                RU := sum_no_overflow(U4, B);
                assert to_integer(RU) = clamp(A + B, 0, 15)
                    report "sum_no_overflow(unsigned, integer " & integer'image(B) & ")" severity error;
                Checks := Checks + 2;
            end loop;
        end loop;

        for A in -128 to 127 loop
            A8 := to_signed(A, 8);
            -- clip(A, 5, 2): bits 5..2, i.e. floor(A / 4), saturated to 4 signed bits.
            R4 := clip(A8, 5, 2);
            assert to_integer(R4) = clamp(floor_div(A, 4), -8, 7)
                report "clip(" & integer'image(A) & ", 5, 2) = " & integer'image(to_integer(R4)) severity error;
            -- clip(A, 3, 0): the low four bits, saturated.
            R4 := clip(A8, 3, 0);
            assert to_integer(R4) = clamp(A, -8, 7) report "clip(A, 3, 0)" severity error;
            -- Indices are A's own: High(11 downto 4), bits 9..6 are A's bits 5..2.
            High := A8;
            R4 := clip(High, 9, 6);
            assert to_integer(R4) = clamp(floor_div(A, 4), -8, 7) report "clip(A(11 downto 4), 9, 6)" severity error;
            -- clip_val keeps A's width.
            A8 := clip_val(to_signed(A, 8), -20, 37);
            assert to_integer(A8) = clamp(A, -20, 37) report "clip_val(" & integer'image(A) & ", -20, 37)" severity error;
            Checks := Checks + 4;
        end loop;

        for V in 0 to 31 loop
            Bits := std_logic_vector(to_unsigned(V, 5));
            if V = 0 then
                Want := 0;
            else
                Want := 1;
            end if;
            assert or_reduce(Bits) = std_logic'val(std_logic'pos('0') + Want)
                report "or_reduce(" & integer'image(V) & ")" severity error;
            Checks := Checks + 1;
        end loop;
        report "tb_functions: " & integer'image(Checks) & " checks done";
        wait;
    end process;
end architecture;
