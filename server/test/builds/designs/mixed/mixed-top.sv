// A mixed design as the vendor's toolchain builds it: a SystemVerilog top instantiates a VHDL entity of the
// project (crossing-counter.vhd), spelt in another case (VHDL names know no case), overriding a generic and
// connecting vectors by name. Control and status are packed, a form Yosys reads for the estimate.
module CustomInstrument (
    input  wire clk,
    input  wire reset,
    input  wire [31:0] sync,
    input  wire signed [15:0] inputa, inputb, inputc, inputd,
    input  wire exttrig,
    output wire signed [15:0] outputa, outputb, outputc, outputd,
    input  wire [15:0][31:0] control,
    output wire [15:0][31:0] status
);
  wire [23:0] crossings;
  wire above;

  crossingcounter #(.COUNT_BITS(24)) counter (
      .Clk(clk),
      .Reset(reset),
      .Sample(inputa),
      .Level(control[0][15:0]),
      .Crossings(crossings),
      .Above(above)
  );

  assign outputa = above ? inputa : 16'sd0;
  assign outputb = inputb;
  assign outputc = inputc;
  assign outputd = inputd;
  for (genvar i = 0; i < 16; i++) begin : readback
    assign status[i] = i == 0 ? {8'd0, crossings} : control[i];
  end
endmodule
