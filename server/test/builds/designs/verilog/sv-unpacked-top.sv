// A SystemVerilog top in the current form, declared by the user: lower-case ports, the interpolation
// outputs, control and status as unpacked arrays of sixteen registers. Inside: a small memory with an
// initialiser, array access in expressions, ++ in a loop.
module CustomInstrument (
    input  wire clk,
    input  wire reset,
    input  wire [31:0] sync,
    input  wire signed [15:0] inputa, inputb, inputc, inputd,
    input  wire exttrig,
    output wire signed [15:0] outputa, outputb, outputc, outputd,
    output wire outputinterpa, outputinterpb, outputinterpc, outputinterpd,
    input  wire [31:0] control [0:15],
    output wire [31:0] status [0:15]
);
  logic signed [15:0] gains [0:3] = '{16'sd1, 16'sd2, 16'sd4, 16'sd8};
  logic signed [15:0] scaled;
  logic [31:0] count;

  always_ff @(posedge clk) begin
    if (reset) count <= 0;
    else count++;
    scaled <= inputa * gains[control[0][1:0]];
  end

  assign outputa = scaled;
  assign outputb = inputb;
  assign outputc = inputc;
  assign outputd = control[1][15:0];
  assign {outputinterpa, outputinterpb, outputinterpc, outputinterpd} = 4'b0000;
  for (genvar i = 0; i < 16; i++) begin : readback
    assign status[i] = i == 0 ? count : control[i];
  end
endmodule
