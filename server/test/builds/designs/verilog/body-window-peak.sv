// A body-only SystemVerilog design for the current interface: no module header, the platform supplies
// CustomInstrument's (lower-case ports, control/status as sixteen 32-bit registers).
// The peak of input A over a window whose length control[0] sets, held on output A and in status[0].
logic signed [15:0] peak, held;
logic [15:0] count;
wire [15:0] window = control[0][15:0];

always_ff @(posedge clk) begin
  if (reset || count >= window) begin
    held  <= peak;
    peak  <= inputa;
    count <= '0;
  end else begin
    if (inputa > peak) peak <= inputa;
    count++;
  end
end

assign outputa = held;
assign outputb = inputb;
assign outputc = '0;
assign outputd = '0;
assign outputinterpa = 1'b0;
for (genvar i = 1; i < 16; i++) assign status[i] = control[i];
assign status[0] = {{16{held[15]}}, held};
