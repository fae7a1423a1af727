// A body-only design with a real error: the accumulator is misspelt where it is read (line 10).
logic signed [23:0] accumulator;

always_ff @(posedge clk) begin
  if (reset) accumulator <= '0;
  else accumulator <= accumulator + inputa;
end

// The misspelt name below is the error the check must show at this file's line 10.
assign outputa = acumulator[23:8];
assign outputb = inputb;
