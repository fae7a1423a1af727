// A Verilog top instantiating level-gate.vhd, whose ports are a package's subtype (12 bits) and a
// natural range 0 to 255 (8 bits).
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
  wire signed [11:0] gated;

  LevelGate gate (
      .clk(clk),
      .level(inputa[15:4]),
      .gain(control[0][7:0]),
      .gated(gated)
  );

  assign outputa = {gated, 4'b0000};
  assign outputb = inputb;
  assign outputc = inputc;
  assign outputd = inputd;
  for (genvar i = 0; i < 16; i++) begin : readback
    assign status[i] = control[i];
  end
endmodule
