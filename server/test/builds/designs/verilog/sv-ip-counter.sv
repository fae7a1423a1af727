// A SystemVerilog top (current form, 14 ports) that counts trigger edges with the platform's Counter_32
// IP core, instantiated by name as the vendor's templates (.veo) show: a black box in a check build.
module CustomInstrument (
    input wire clk,
    input wire reset,
    input wire [31:0] sync,
    input wire signed [15:0] inputa, inputb, inputc, inputd,
    input wire exttrig,
    output wire signed [15:0] outputa, outputb, outputc, outputd,
    input wire [31:0] control [0:15],
    output wire [31:0] status [0:15]
);
  logic [31:0] count;
  logic trigger_seen;

  always_ff @(posedge clk) trigger_seen <= exttrig;

  Counter_32 edges (
      .CLK(clk),
      .SCLR(reset),
      .UP(exttrig & ~trigger_seen),
      .Q(count)
  );

  assign outputa = count[15:0];
  assign outputb = inputb;
  assign outputc = inputc;
  assign outputd = control[0][15:0];
  assign status[0] = count;
  generate
    for (genvar i = 1; i < 16; i++) begin : unused_status
      assign status[i] = 32'd0;
    end
  endgenerate
endmodule
