import type { StimulusPlan } from './simulation-types.js';
import {
  eventsByCycle,
  INTERLACED_TARGET,
  type Interlacing,
  STIMULUS_SAMPLES_FILE,
  STIMULUS_TB_NAME,
} from './stimulus-testbench.js';

/**
 * How a Verilog slot module declares its array ports, so the testbench declares its signals alike:
 * Icarus 11 aborts ("failed assertion rval_pident") on a packed value bound to an unpacked port.
 * Control and Status are packed (`[0:15][31:0] control`) or, as users write them, unpacked
 * (`[31:0] control [0:15]`); the interlaced samples are packed as the platform's header declares them
 * (`[0:3][15:0] inputa`) or unpacked as the vendor's does (`signed [15:0] inputa [0:input_interlacing_factor-1]`,
 * with the factors as the module's parameters).
 */
export interface VerilogPorts {
  registers: 'packed' | 'unpacked';
  /** The interlaced interface's samples; null for the other targets. */
  interlaced: { samples: 'packed' | 'unpacked'; parameters: boolean; factors: Interlacing } | null;
}

/** The form of the module's array ports, read from its header (the text, comments stripped, up to its first `;`). */
export function verilogPortsOf(moduleText: string, interlacing: Interlacing | null): VerilogPorts {
  const start = /\bmodule\b/.exec(moduleText)?.index ?? 0;
  const header = moduleText.slice(start, moduleText.indexOf(';', start) + 1 || undefined);
  return {
    registers: /\bcontrol\s*\[\s*0\s*:\s*15\s*\]/i.test(header) ? 'unpacked' : 'packed',
    interlaced: interlacing && {
      samples: /\binputa\s*\[/i.test(header) ? 'unpacked' : 'packed',
      parameters: /\binput_interlacing_factor\b/.test(header),
      factors: interlacing,
    },
  };
}

const SIDES = ['a', 'b', 'c', 'd'] as const;

/**
 * The interlaced samples: each port's lanes (`inputa_lanes`) bound to the design, and one signal per
 * port (`inputa`) carrying them in time order — what the waveform shows, as in the VHDL testbench
 * (stimulus-testbench.ts): input sample j of cycle k at k·P + j·P/F, output sample j of the values
 * the design holds just after the rising edge, j·P/F after it.
 */
function interlacedSamples(ports: NonNullable<VerilogPorts['interlaced']>, periodPs: number) {
  const { input, output } = ports.factors;
  const inStep = Math.floor(periodPs / input);
  const outStep = Math.floor(periodPs / output);
  const lanes = (direction: 'input' | 'output', count: number) =>
    SIDES.map((side) =>
      ports.samples === 'unpacked'
        ? `  ${direction === 'input' ? 'reg' : 'wire'} signed [15:0] ${direction}${side}_lanes [0:${count - 1}];`
        : `  ${direction === 'input' ? 'reg' : 'wire'} [0:${count - 1}][15:0] ${direction}${side}_lanes;`,
    ).join('\n');
  const outputLanes = SIDES.flatMap((side) =>
    Array.from({ length: output }, (_, lane) => `output${side}_lanes[${lane}]`),
  );
  return {
    declarations: `  reg signed [15:0] outputa, outputb, outputc, outputd;
${lanes('input', input)}
${lanes('output', output)}
  time rise = 0;
  integer lane, view;
  // Scheduled again when the lanes change in the edge's time step (a register's new value comes after
  // the edge): the later schedule's value is the one each time step keeps.
  always @(clk or ${outputLanes.join(' or ')})
    if (clk === 1'b1 && $time == rise)
      for (view = 0; view < ${output}; view = view + 1) begin
${SIDES.map((side) => `        output${side} <= #(view * ${outStep}) output${side}_lanes[view];`).join('\n')}
      end`,
    parameters: ports.parameters
      ? ` #(.input_interlacing_factor(${input}), .output_interlacing_factor(${output}))`
      : '',
    connections: SIDES.map((side) => `.input${side}(input${side}_lanes), .output${side}(output${side}_lanes)`).join(
      ', ',
    ),
    read: `      for (lane = 0; lane < ${input}; lane = lane + 1) begin
        got = $fscanf(samples, "%d %d %d %d\\n", a, b, c, d);
        inputa_lanes[lane] = a; inputb_lanes[lane] = b; inputc_lanes[lane] = c; inputd_lanes[lane] = d;
        inputa <= #(lane * ${inStep}) a; inputb <= #(lane * ${inStep}) b;
        inputc <= #(lane * ${inStep}) c; inputd <= #(lane * ${inStep}) d;
      end`,
    rise: 'rise = $time; ',
  };
}

/** One sample a cycle: the testbench's signals bound to the design's ports directly. */
const ONE_SAMPLE = {
  declarations: '  wire signed [15:0] outputa, outputb, outputc, outputd;',
  parameters: '',
  connections: SIDES.map((side) => `.input${side}(input${side}), .output${side}(output${side})`).join(', '),
  read: `      got = $fscanf(samples, "%d %d %d %d\\n", a, b, c, d);
      inputa = a; inputb = b; inputc = c; inputd = d;`,
  rise: '',
};

/** A Verilog (SystemVerilog 2012, for the register arrays) testbench around the slot module. */
export function verilogStimulusTestbench(
  plan: StimulusPlan,
  target: string,
  periodPs: number,
  ports: VerilogPorts = { registers: 'packed', interlaced: null },
): string {
  const wrapper = target === 'CustomWrapper';
  const unpacked = !wrapper && ports.registers === 'unpacked';
  const samples =
    target === INTERLACED_TARGET && ports.interlaced ? interlacedSamples(ports.interlaced, periodPs) : ONE_SAMPLE;
  const events = eventsByCycle(plan, {
    control: (register, hex) => `control${register} = 32'h${hex};`,
    reset: (value) => `reset = 1'b${value ? 1 : 0};`,
    extTrig: (value) => `exttrig = 1'b${value ? 1 : 0};`,
  });
  const cases = [...events].map(([cycle, lines]) => `        ${cycle}: begin ${lines.join(' ')} end`);
  const registers = Array.from({ length: 16 }, (_, index) => index);
  // One reg per register (the waveform shows Control0 … as in VHDL); the packed array is their concatenation.
  // Unpacked: arrays assigned from (and read into) the registers, which the dump shows (it leaves arrays out).
  const controls = [
    ...registers.map((r) => `  reg [31:0] control${r} = 32'd0;`),
    ...(unpacked
      ? ['  wire [31:0] control [0:15];', ...registers.map((r) => `  assign control[${r}] = control${r};`)]
      : []),
    ...(wrapper
      ? []
      : [
          unpacked ? '  wire [31:0] status [0:15];' : '  wire [0:15][31:0] status;',
          ...registers.map((r) => `  wire [31:0] status${r} = status[${r}];`),
        ]),
  ].join('\n');
  const controlMap = wrapper
    ? registers.map((r) => `.control${r}(control${r}),`).join(' ')
    : unpacked
      ? '.control(control), .status(status),'
      : `.control({${registers.map((r) => `control${r}`).join(', ')}}), .status(status),`;
  return `// Generated by the platform for a stimulus simulation: drives the slot's ports, one sample row per cycle.
\`timescale 1ps/1ps
module ${STIMULUS_TB_NAME};
  localparam integer CYCLES = ${plan.durationCycles};
  reg clk = 1'b0, reset = 1'b0, exttrig = 1'b0;
  reg [31:0] sync = 32'd0;
  reg signed [15:0] inputa = 16'sd0, inputb = 16'sd0, inputc = 16'sd0, inputd = 16'sd0;
${samples.declarations}
${controls}
  integer samples, cycle, a, b, c, d, got;

  ${target}${samples.parameters} dut (
    .clk(clk), .reset(reset), .sync(sync), .exttrig(exttrig),
    ${controlMap}
    ${samples.connections}
  );

  initial begin
    samples = $fopen("${STIMULUS_SAMPLES_FILE}", "r");
    $dumpfile("wave.vcd");
    $dumpvars(0, ${STIMULUS_TB_NAME});
    for (cycle = 0; cycle < CYCLES; cycle = cycle + 1) begin
${samples.read}
${cases.length ? `      case (cycle)\n${cases.join('\n')}\n        default: ;\n      endcase\n` : ''}      clk = 1'b0;
      #${Math.floor(periodPs / 2)};
      ${samples.rise}clk = 1'b1;
      #${periodPs - Math.floor(periodPs / 2)};
    end
    clk = 1'b0;
    $finish;
  end
endmodule
`;
}
