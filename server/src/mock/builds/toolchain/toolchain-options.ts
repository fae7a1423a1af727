import type { BuildJob } from '../runner.js';
import { describeIsolation, type ToolSandbox } from './bubblewrap.js';

export interface ToolchainRunnerOptions {
  /** fixtures/platform: the slot entities (VHDL) and module headers (Verilog). */
  platformDir: string;
  /** The GHDL executable and its version line (see findGhdl). */
  ghdl: { path: string; version: string };
  /** Verilator, the SystemVerilog checker (see findVerilator); without it Yosys checks Verilog tops. */
  verilator?: { path: string; version: string } | null;
  yosysVersion: string;
  /** At most this many builds run tools at once (default: one per core). */
  concurrency: number;
  timeLimitMs: number;
  outputLimitBytes: number;
  /** Lines of tool output one build may log (MOCK_BUILD_OUTPUT_LIMIT_LINES; default DEFAULT_OUTPUT_LIMIT_LINES). */
  outputLimitLines?: number;
  /** How the tools are fenced off from the machine, and the size of file they may write (see sandbox.ts). */
  sandbox: ToolSandbox;
  /** Where build directories are made (default the system's temp dir). */
  tmpRoot?: string;
}

/** The first lines of a check build's log: what it is (not a bitstream), its configuration, tools and limits. */
export function checkBuildHeader(
  job: BuildJob,
  options: ToolchainRunnerOptions,
  outputLimitLines: number,
  memoryLimitMiB: number,
): string[] {
  const c = job.config;
  return [
    `Check build of "${job.projectName}" (build ${job.buildId}), queued ${job.queuedAt.toUTCString()}`,
    'This is a CHECK BUILD with open-source tools, not a bitstream for the instrument: your design is analysed,',
    'elaborated against the platform interface and synthesized to generic cells; ROUTE and BITSTREAM are skipped.',
    `Configuration: hardware ${c.hardware}, ${c.slots} slots, OS ${c.os_version}, target ${c.target}`,
    `Tools: ${options.ghdl.version}; ${options.verilator?.version ?? 'no Verilator'}; Yosys ${options.yosysVersion} (WebAssembly)`,
    `Limits: ${Math.round(options.timeLimitMs / 1000)} s, ${Math.round(options.outputLimitBytes / 1024)} KiB or ${outputLimitLines} lines of log; ` +
      `memory ${memoryLimitMiB} MiB and files written at most ${Math.round(options.sandbox.fileSizeLimitBytes / 1024 / 1024)} MiB per tool; ` +
      'environment PATH, HOME, TMPDIR only',
    `Isolation: ${describeIsolation(options.sandbox.kind)}`,
  ];
}
