// A Verilog top reading a table from a VHDL entity of the project (RomTable, a generated file of many
// words: entity-xml-limit.test.ts writes it), as a design with a large lookup table does.
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
  wire [15:0] word;

  RomTable table_words (
      .clk(clk),
      .addr(control[0][14:0]),
      .data(word)
  );

  assign outputa = word;
  assign outputb = inputb;
  assign outputc = inputc;
  assign outputd = inputd;
  for (genvar i = 0; i < 16; i++) begin : readback
    assign status[i] = control[i];
  end
endmodule
