// The Verilog module vhdl-top.vhd instantiates as a component: holds the highest sample since reset.
module peak_hold #(
    parameter WIDTH = 16
) (
    input wire clk,
    input wire rst,
    input wire signed [WIDTH-1:0] x,
    output reg signed [WIDTH-1:0] peak
);
  always @(posedge clk)
    if (rst) peak <= {1'b1, {(WIDTH - 1) {1'b0}}};
    else if (x > peak) peak <= x;
endmodule
