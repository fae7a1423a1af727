-- Full rate: the largest of each cycle's input samples, on every output sample.
library IEEE;
use IEEE.Std_Logic_1164.all;
use IEEE.Numeric_Std.all;

architecture Peak of CustomInstrumentInterlaced is
    type T_Held is array (0 to INPUT_INTERLACING_FACTOR - 1) of signed(15 downto 0);
    signal Held : T_Held;
    signal Peak : signed(15 downto 0);
begin
    process (Clk) is
        variable Largest : signed(15 downto 0);
    begin
        if rising_edge(Clk) then
            Largest := InputA(0);
            for I in 1 to INPUT_INTERLACING_FACTOR - 1 loop
                if InputA(I) > Largest then
                    Largest := InputA(I);
                end if;
            end loop;
            for I in Held'range loop
                Held(I) <= InputB(I);
            end loop;
            Peak <= Largest;
        end if;
    end process;

    Lanes : for I in 0 to OUTPUT_INTERLACING_FACTOR - 1 generate
        OutputA(I) <= Peak;
        OutputB(I) <= Held(I mod INPUT_INTERLACING_FACTOR);
    end generate;
    OutputC <= InputC;
    OutputD <= InputD;
    Status <= Control;
end architecture;
