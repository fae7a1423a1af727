/**
 * What a new file starts with. Users write only the body of the platform's slot entity
 * (CustomInstrument, or the legacy CustomWrapper); the service supplies the entity itself.
 */
export type TargetInterface = 'CustomInstrument' | 'CustomWrapper' | (string & {});

const VERILOG_CONTROL_PORTS = Array.from({ length: 16 }, (_, i) => `control${i}`).join(', ');

function vhdlTemplate(target: TargetInterface): string {
  const entity = target === 'CustomWrapper' ? 'CustomWrapper' : 'CustomInstrument';
  const control = target === 'CustomWrapper' ? 'Control0' : 'Control(0)';
  return `library IEEE;
use IEEE.std_logic_1164.all;
use IEEE.numeric_std.all;

-- The platform declares the entity ${entity}: Clk, Reset (active high),
-- InputA..InputD and OutputA..OutputD (signed 16-bit), ExtTrig, and the control registers.
architecture Behavioural of ${entity} is
begin
  -- Example: pass InputA through, scaled by control register 0 when it is non-zero.
  process(Clk) is
  begin
    if rising_edge(Clk) then
      if Reset = '1' then
        OutputA <= (others => '0');
      elsif unsigned(${control}) /= 0 then
        OutputA <= shift_right(InputA, 1);
      else
        OutputA <= InputA;
      end if;
    end if;
  end process;

  OutputB <= InputB;
  OutputC <= InputC;
  OutputD <= InputD;
end architecture;
`;
}

function verilogTemplate(): string {
  return `// The platform generates this declaration of the slot module; write its body.
module CustomInstrument (
  input  wire               clk,
  input  wire               reset,
  input  wire        [31:0] sync,
  input  wire signed [15:0] inputa, inputb, inputc, inputd,
  input  wire               exttrig,
  output reg  signed [15:0] outputa,
  output wire signed [15:0] outputb, outputc, outputd,
  input  wire        [31:0] ${VERILOG_CONTROL_PORTS}
);

  always @(posedge clk) begin
    if (reset)
      outputa <= 16'sd0;
    else
      outputa <= inputa;
  end

  assign outputb = inputb;
  assign outputc = inputc;
  assign outputd = inputd;

endmodule
`;
}

const CONSTRAINTS_TEMPLATE = `# Timing and placement constraints (XDC).
# The platform constrains the slot's clock; add only what your design needs, for example:
# set_false_path -from [get_cells my_sync_reg*]
`;

/** The content of a new file called `fileName`, for a project building the given target interface. */
export function newFileTemplate(fileName: string, target: TargetInterface = 'CustomInstrument'): string {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  switch (extension) {
    case 'vhd':
    case 'vhdl':
      return vhdlTemplate(target);
    case 'v':
    case 'sv':
      return verilogTemplate();
    case 'xdc':
      return CONSTRAINTS_TEMPLATE;
    default:
      return '';
  }
}

export const ALLOWED_FILE_EXTENSIONS = ['.vhd', '.v', '.sv', '.xdc', '.xci', '.coe'] as const;

/** Why a file name cannot be used, or null when it is fine. */
export function fileNameProblem(name: string, existing: readonly string[] = []): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a file name.';
  if (trimmed.length > 100) return 'File names are at most 100 characters.';
  if (/[\\/:*?"<>|]/.test(trimmed) || trimmed.startsWith('.')) {
    return 'File names cannot contain / \\ : * ? " < > | or start with a dot.';
  }
  const lower = trimmed.toLowerCase();
  if (!ALLOWED_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension))) {
    return `Use one of these extensions: ${ALLOWED_FILE_EXTENSIONS.join(', ')}.`;
  }
  if (existing.some((other) => other.toLowerCase() === lower)) return `A file called ${trimmed} already exists.`;
  return null;
}
