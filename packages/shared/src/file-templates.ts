import { isTestbenchFile, verilogTestbenchTemplate, vhdlTestbenchTemplate } from './testbench-templates.js';

/**
 * What a new file starts with. Users write only the body of the platform's slot entity
 * (CustomInstrument, the full-rate CustomInstrumentInterlaced, or the legacy CustomWrapper); the
 * service supplies the entity itself (fixtures/platform).
 */
export type TargetInterface = 'CustomInstrument' | 'CustomInstrumentInterlaced' | 'CustomWrapper' | (string & {});

const INTERLACED = 'CustomInstrumentInterlaced';

const VERILOG_COMMON_PORTS = `    input  wire clk,
    input  wire reset,               // active high
    input  wire [31:0] sync,

    input  wire signed [15:0] inputa,
    input  wire signed [15:0] inputb,
    input  wire signed [15:0] inputc,
    input  wire signed [15:0] inputd,

    input  wire exttrig,

    output wire signed [15:0] outputa,
    output wire signed [15:0] outputb,
    output wire signed [15:0] outputc,
    output wire signed [15:0] outputd,
`;

const LEGACY_CONTROL_PORTS = Array.from({ length: 16 }, (_, i) => `    input  wire [31:0] control${i}`).join(',\n');

/**
 * The full-rate entity: each input and output is an array of samples per clock, as many as the platform's
 * INPUT_INTERLACING_FACTOR and OUTPUT_INTERLACING_FACTOR (visible in the architecture).
 */
const VHDL_INTERLACED_TEMPLATE = `library IEEE;
use IEEE.std_logic_1164.all;
use IEEE.numeric_std.all;

-- The platform declares the entity ${INTERLACED}: Clk, Reset (active high),
-- InputA..InputD (INPUT_INTERLACING_FACTOR signed 16-bit samples per clock, index 0 the oldest),
-- OutputA..OutputD (OUTPUT_INTERLACING_FACTOR samples), ExtTrig, and the Control and Status registers.
architecture Behavioural of ${INTERLACED} is
begin
  -- Example: pass every sample of InputA through, halved while control register 0 is non-zero.
  process(Clk) is
  begin
    if rising_edge(Clk) then
      for lane in 0 to OUTPUT_INTERLACING_FACTOR - 1 loop
        if Reset = '1' then
          OutputA(lane) <= (others => '0');
        elsif unsigned(Control(0)) /= 0 then
          OutputA(lane) <= shift_right(InputA(lane), 1);
        else
          OutputA(lane) <= InputA(lane);
        end if;
      end loop;
    end if;
  end process;

  OutputB <= InputB;
  OutputC <= InputC;
  OutputD <= InputD;
  Status <= Control;
end architecture;
`;

function vhdlTemplate(target: TargetInterface): string {
  if (target === INTERLACED) return VHDL_INTERLACED_TEMPLATE;
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

/**
 * The platform's generated wrapper declaration (fixtures/platform/verilog), exactly as the service
 * expects a Verilog design to start, followed by an example body.
 */
function verilogTemplate(target: TargetInterface): string {
  if (target === INTERLACED) return VERILOG_INTERLACED_TEMPLATE;
  const legacy = target === 'CustomWrapper';
  const header = legacy
    ? `// The generated wrapper declaration of the legacy slot interface (target CustomWrapper).
// A user's Verilog design starts with exactly this header and fills in the module body.
module CustomWrapper (
${VERILOG_COMMON_PORTS}
${LEGACY_CONTROL_PORTS}
);`
    : `// The generated wrapper declaration of the current slot interface (target CustomInstrument).
// A user's Verilog design starts with exactly this header and fills in the module body.
// control and status are sixteen 32-bit registers: control[0] .. control[15].
module CustomInstrument (
${VERILOG_COMMON_PORTS}
    input  wire [0:15][31:0] control,
    output wire [0:15][31:0] status
);`;
  const control0 = legacy ? 'control0' : 'control[0]';
  return `${header}

  // Example: pass InputA through, halved while control register 0 is non-zero.
  reg signed [15:0] outputa_q;
  always @(posedge clk) begin
    if (reset)
      outputa_q <= 16'sd0;
    else if (${control0} != 32'd0)
      outputa_q <= inputa >>> 1;
    else
      outputa_q <= inputa;
  end

  assign outputa = outputa_q;
  assign outputb = inputb;
  assign outputc = inputc;
  assign outputd = inputd;
${legacy ? '' : '  assign status = control;\n'}
endmodule
`;
}

const VERILOG_INTERLACED_TEMPLATE = `// The generated wrapper declaration of the full-rate slot interface (target ${INTERLACED}).
// A user's Verilog design starts with exactly this header and fills in the module body.
// Each input and output carries four 16-bit samples per clock: inputa[0] (oldest) .. inputa[3] (newest).
module ${INTERLACED} (
${VERILOG_COMMON_PORTS.replace(/wire signed \[15:0\]/g, 'wire [0:3][15:0]')}
    input  wire [0:15][31:0] control,
    output wire [0:15][31:0] status
);

  // Example: pass every sample of inputa through, halved while control register 0 is non-zero.
  reg [0:3][15:0] outputa_q;
  integer lane;
  always @(posedge clk) begin
    for (lane = 0; lane < 4; lane = lane + 1) begin
      if (reset)
        outputa_q[lane] <= 16'd0;
      else if (control[0] != 32'd0)
        outputa_q[lane] <= $signed(inputa[lane]) >>> 1;
      else
        outputa_q[lane] <= inputa[lane];
    end
  end

  assign outputa = outputa_q;
  assign outputb = inputb;
  assign outputc = inputc;
  assign outputd = inputd;
  assign status = control;

endmodule
`;

const CONSTRAINTS_TEMPLATE = `# Timing and placement constraints (XDC).
# The platform constrains the slot's clock; add only what your design needs, for example:
# set_false_path -from [get_cells my_sync_reg*]
`;

/** The content of a new file called `fileName`, for a project building the given target interface. */
export function newFileTemplate(fileName: string, target: TargetInterface = 'CustomInstrument'): string {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  if (isTestbenchFile(fileName) && target !== INTERLACED) {
    return extension.startsWith('vhd')
      ? vhdlTestbenchTemplate(fileName, target)
      : verilogTestbenchTemplate(fileName, target);
  }
  switch (extension) {
    case 'vhd':
    case 'vhdl':
      return vhdlTemplate(target);
    case 'v':
    case 'sv':
      return verilogTemplate(target);
    case 'xdc':
      return CONSTRAINTS_TEMPLATE;
    default:
      return '';
  }
}

/** `.vho`/`.veo`: the vendor's IP instantiation templates, kept as references (a build does not read them). */
export const ALLOWED_FILE_EXTENSIONS = ['.vhd', '.vhdl', '.v', '.sv', '.xdc', '.xci', '.coe', '.vho', '.veo'] as const;

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
