// The older Verilog form of the legacy interface: CustomWrapper with its ports named in the module's
// list and declared below it (Clk, Reset, Sync, InputA.., OutputInterpA.., Control0..Control15).
module CustomWrapper (Clk, Reset, Sync, InputA, InputB, InputC, InputD, ExtTrig,
    OutputA, OutputB, OutputC, OutputD, OutputInterpA, OutputInterpB, OutputInterpC, OutputInterpD,
    Control0, Control1, Control2, Control3, Control4, Control5, Control6, Control7,
    Control8, Control9, Control10, Control11, Control12, Control13, Control14, Control15);
  input Clk;
  input Reset;
  input [31:0] Sync;
  input signed [15:0] InputA, InputB, InputC, InputD;
  input ExtTrig;
  output signed [15:0] OutputA, OutputB, OutputC, OutputD;
  output OutputInterpA, OutputInterpB, OutputInterpC, OutputInterpD;
  input [31:0] Control0, Control1, Control2, Control3, Control4, Control5, Control6, Control7;
  input [31:0] Control8, Control9, Control10, Control11, Control12, Control13, Control14, Control15;

  // A sum of two inputs, saturated to 16 bits, and a pass-through.
  reg signed [16:0] sum;
  reg signed [15:0] limited;
  always @(posedge Clk) begin
    sum <= InputA + InputB;
    if (Reset) limited <= 16'sd0;
    else if (sum > 17'sd32767) limited <= 16'sd32767;
    else if (sum < -17'sd32768) limited <= -16'sd32768;
    else limited <= sum[15:0];
  end

  assign OutputA = limited;
  assign OutputB = InputC;
  assign OutputC = InputD;
  assign OutputD = Control0[15:0];
  assign OutputInterpA = 1'b0;
  assign OutputInterpB = 1'b0;
  assign OutputInterpC = 1'b0;
  assign OutputInterpD = 1'b0;
endmodule
