// A body-only Verilog design for the older interface, with the port names the vendor's CustomWrapper
// declares (Clk, InputA, Control0 ...): the platform supplies the header.
// Output A is input A times a gain from Control0 (Q1.14), output B the difference of inputs A and B.
reg signed [31:0] product;
reg signed [15:0] scaled;
always @(posedge Clk) begin
  product <= InputA * $signed(Control0[15:0]);
  if (Reset) scaled <= 16'sd0;
  else scaled <= product[29:14];
end
assign OutputA = scaled;
assign OutputB = InputA - InputB;
assign OutputC = InputC;
assign OutputD = ExtTrig ? InputD : 16'sd0;
