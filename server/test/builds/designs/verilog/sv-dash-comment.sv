// A genuine error: a VHDL-style comment in a SystemVerilog file.
module CustomInstrument (
    input  wire clk,
    input  wire reset,
    input  wire [31:0] sync,
    input  wire signed [15:0] inputa, inputb, inputc, inputd,
    input  wire exttrig,
    output wire signed [15:0] outputa, outputb, outputc, outputd,
    input  wire [31:0] control [0:15],
    output wire [31:0] status [0:15]
);
  -- pass the inputs through
  assign outputa = inputa;
endmodule
