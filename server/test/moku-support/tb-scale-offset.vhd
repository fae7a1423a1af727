-- Checks Moku.Support's ScaleOffset and ScaleOffset2 (instantiated as the package's components) against
-- Z = (X [+ Y]) * Scale / 2**(Scale'length - 1 - NORMAL_SHIFT) + Offset * 2**OFFSET_SHIFT, rounded half up
-- (ROUNDING) or floored, saturated to Z's width, arriving IN_REG + MID_REG + OUT_REG cycles after its
-- inputs with OutValid as Valid was. The expected value is worked out in reals (exact at these widths).
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;
use IEEE.Math_Real.all;

library Moku;
use Moku.Support.all;

entity tb_scale_offset_case is
    generic (
        NAME         : string;
        TWO_INPUTS   : boolean := false;
        NORMAL_SHIFT : integer := 0;
        OFFSET_SHIFT : integer := 0;
        ROUNDING     : boolean := true;
        IN_REG       : integer := 0;
        MID_REG      : integer := 1;
        OUT_REG      : integer := 0;
        Z_WIDTH      : positive := 16
    );
    port (Clk : in std_logic; Done : out boolean);
end entity;

architecture Test of tb_scale_offset_case is
    constant LATENCY : natural := IN_REG + MID_REG + OUT_REG;
    -- After each cycle's edge, Z shows the inputs driven SHOWN cycles before (a combinational Z: at once).
    constant SHOWN   : natural := maximum(LATENCY, 1) - 1;
    constant CYCLES  : positive := 3000;
    -- Saturation and rounding edges first, then pseudo-random values.
    type T_Ints is array (natural range <>) of integer;
    constant EDGE_X : T_Ints := (32767, -32768, -32768, 1, -1, 3, -3, 5, -5, 0, 16384, -16384, 1234, -1234);
    constant EDGE_S : T_Ints := (32767, -32768, 32767, 16384, 16384, 16384, 16384, 8192, 8192, 0, -32768, -32768, 257, 257);
    constant EDGE_O : T_Ints := (32767, -32768, 0, 0, 0, 0, 0, 0, 0, -32768, 0, 1, -5, 5);

    signal Reset    : std_logic := '1';
    signal X, Y     : signed(15 downto 0) := (others => '0');
    signal Scale    : signed(15 downto 0) := (others => '0');
    signal Offset   : signed(15 downto 0) := (others => '0');
    signal Valid    : std_logic := '0';
    signal Z        : signed(Z_WIDTH - 1 downto 0);
    signal OutValid : std_logic;

    type T_Expected is array (0 to CYCLES - 1) of integer;
    type T_Valids is array (0 to CYCLES - 1) of std_logic;

    function expected(Xv, Yv, Sv, Ov : integer) return integer is
        variable Value : real;
        variable Lim   : real := 2.0 ** (Z_WIDTH - 1);
    begin
        Value := real(Xv + Yv) * real(Sv) / 2.0 ** (15 - NORMAL_SHIFT) + real(Ov) * 2.0 ** OFFSET_SHIFT;
        if ROUNDING then
            Value := floor(Value + 0.5);
        else
            Value := floor(Value);
        end if;
        if Value > Lim - 1.0 then
            Value := Lim - 1.0;
        elsif Value < -Lim then
            Value := -Lim;
        end if;
        return integer(Value);
    end function;
begin
    One : if not TWO_INPUTS generate
        Dut : ScaleOffset
            generic map (NORMAL_SHIFT => NORMAL_SHIFT, OFFSET_SHIFT => OFFSET_SHIFT, ROUNDING => ROUNDING,
                         IN_REG => IN_REG, MID_REG => MID_REG, OUT_REG => OUT_REG)
            port map (Clk => Clk, Reset => Reset, X => X, Scale => Scale, Offset => Offset, Z => Z,
                      Valid => Valid, OutValid => OutValid);
    end generate;
    Two : if TWO_INPUTS generate
        Dut : ScaleOffset2
            generic map (NORMAL_SHIFT => NORMAL_SHIFT, OFFSET_SHIFT => OFFSET_SHIFT, ROUNDING => ROUNDING,
                         IN_REG => IN_REG, MID_REG => MID_REG, OUT_REG => OUT_REG)
            port map (Clk => Clk, Reset => Reset, X => X, Y => Y, Scale => Scale, Offset => Offset, Z => Z,
                      Valid => Valid, OutValid => OutValid);
    end generate;

    process is
        variable Want       : T_Expected;
        variable WantValid  : T_Valids;
        variable Seed1      : positive := 17;
        variable Seed2      : positive := 4242;
        variable Checks     : natural := 0;
        variable Xv, Yv     : integer;
        variable Sv, Ov     : integer;
        variable Draw       : real;
        impure function random16 return integer is
        begin
            uniform(Seed1, Seed2, Draw);
            return integer(floor(Draw * 65536.0)) - 32768;
        end function;
    begin
        Done <= false;
        wait until rising_edge(Clk);
        wait until rising_edge(Clk);
        Reset <= '0';
        for Cycle in 0 to CYCLES - 1 loop
            -- Drive this cycle's inputs just after the edge: they are sampled at the next one.
            if Cycle < EDGE_X'length then
                Xv := EDGE_X(Cycle);
                Sv := EDGE_S(Cycle);
                Ov := EDGE_O(Cycle);
                Yv := 0;
                if TWO_INPUTS and Cycle < 2 then
                    Yv := Xv;  -- X + Y beyond 16 bits: the sum must not wrap
                end if;
            else
                Xv := random16;
                Sv := random16;
                Ov := random16 / 64;
                Yv := 0;
                if TWO_INPUTS then
                    Yv := random16;
                end if;
            end if;
            X <= to_signed(Xv, 16);
            Y <= to_signed(Yv, 16);
            Scale <= to_signed(Sv, 16);
            Offset <= to_signed(Ov, 16);
            if Cycle mod 3 = 1 then
                Valid <= '0';
                WantValid(Cycle) := '0';
            else
                Valid <= '1';
                WantValid(Cycle) := '1';
            end if;
            Want(Cycle) := expected(Xv, Yv, Sv, Ov);
            if LATENCY = 0 then
                wait for 1 ns;
            else
                wait until rising_edge(Clk);
                wait for 1 ns;
            end if;
            -- Now the result of the inputs of LATENCY cycles ago is on Z.
            if Cycle >= SHOWN then
                assert to_integer(Z) = Want(Cycle - SHOWN)
                    report NAME & ": cycle " & integer'image(Cycle) & ": Z = " & integer'image(to_integer(Z))
                        & ", expected " & integer'image(Want(Cycle - SHOWN))
                    severity error;
                assert OutValid = WantValid(Cycle - SHOWN)
                    report NAME & ": cycle " & integer'image(Cycle) & ": OutValid is " & std_logic'image(OutValid)
                    severity error;
                Checks := Checks + 1;
            end if;
            if LATENCY = 0 then
                wait until rising_edge(Clk);
            end if;
        end loop;
        report NAME & ": " & integer'image(Checks) & " checks done";
        Done <= true;
        wait;
    end process;
end architecture;

library IEEE;
use IEEE.Std_Logic_1164.all;

entity tb_scale_offset is
end entity;

architecture Test of tb_scale_offset is
    type T_Done is array (0 to 7) of boolean;
    signal Clk  : std_logic := '0';
    signal Done : T_Done;
begin
    -- The clock stops once every case is done, which ends the simulation.
    Clk <= not Clk after 5 ns when Done /= (Done'range => true) else Clk;

    Defaults : entity work.tb_scale_offset_case
        generic map (NAME => "defaults (round, MID_REG: 1 cycle)")
        port map (Clk, Done(0));
    Floor : entity work.tb_scale_offset_case
        generic map (NAME => "floor, NORMAL_SHIFT 2, OFFSET_SHIFT -3", NORMAL_SHIFT => 2, OFFSET_SHIFT => -3,
                     ROUNDING => false)
        port map (Clk, Done(1));
    Shifted : entity work.tb_scale_offset_case
        generic map (NAME => "NORMAL_SHIFT 1, OFFSET_SHIFT 4", NORMAL_SHIFT => 1, OFFSET_SHIFT => 4)
        port map (Clk, Done(2));
    InAndOut : entity work.tb_scale_offset_case
        generic map (NAME => "IN_REG and OUT_REG (2 cycles)", IN_REG => 1, MID_REG => 0, OUT_REG => 1)
        port map (Clk, Done(3));
    MidOut : entity work.tb_scale_offset_case
        generic map (NAME => "MID_REG and OUT_REG (2 cycles), Z 12 bits", MID_REG => 1, OUT_REG => 1,
                     Z_WIDTH => 12)
        port map (Clk, Done(4));
    Combinational : entity work.tb_scale_offset_case
        generic map (NAME => "no register, Z 24 bits", MID_REG => 0, Z_WIDTH => 24, ROUNDING => false)
        port map (Clk, Done(5));
    Two : entity work.tb_scale_offset_case
        generic map (NAME => "ScaleOffset2 defaults", TWO_INPUTS => true)
        port map (Clk, Done(6));
    TwoRegistered : entity work.tb_scale_offset_case
        generic map (NAME => "ScaleOffset2 IN_REG, floor, NORMAL_SHIFT 3", TWO_INPUTS => true, IN_REG => 1,
                     MID_REG => 0, NORMAL_SHIFT => 3, ROUNDING => false)
        port map (Clk, Done(7));
end architecture;

library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

library Moku;
use Moku.Support.all;

-- IN_REG and MID_REG together are an error: elaborating this stops with ScaleOffset's assertion.
entity tb_scale_offset_both_regs is
end entity;

architecture Test of tb_scale_offset_both_regs is
    signal Clk, Valid, OutValid : std_logic := '0';
    signal X, Scale, Offset, Z  : signed(15 downto 0) := (others => '0');
begin
    Dut : ScaleOffset
        generic map (IN_REG => 1, MID_REG => 1)
        port map (Clk => Clk, Reset => '0', X => X, Scale => Scale, Offset => Offset, Z => Z,
                  Valid => Valid, OutValid => OutValid);
end architecture;
