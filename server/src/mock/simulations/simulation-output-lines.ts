import type { SimulationFailure } from './simulation-types.js';

/**
 * A line a simulator printed while the design ran, as the log shows it and whether it fails the run:
 * GHDL's `tb.vhd:13:5:@10ns:(assertion error): msg` (report and assertion, note to failure) and
 * Icarus Verilog's `ERROR: tb.v:8: msg` / `FATAL: tb.v:9: msg` ($error, $fatal; `WARNING:`, `INFO:` too).
 * `file:line: severity: message` is the build log's shape, which the log viewer links.
 */
export interface SimulatorLine {
  text: string;
  failure: SimulationFailure | null;
}

const GHDL_RUNTIME =
  /^(?:\.\/)?(?<file>[^\s:][^:]*\.vhdl?):(?<line>\d+):(?<col>\d+):@(?<time>[^:]+):\((?<kind>assertion|report) (?<level>note|warning|error|failure)\):\s?(?<msg>.*)$/i;
const ICARUS_RUNTIME =
  /^(?<level>ERROR|FATAL|WARNING|INFO): (?:\.\/)?(?<file>[^\s:][^:]*\.s?v):(?<line>\d+):\s?(?<msg>.*)$/;

export function simulatorLine(raw: string, isProjectFile: (name: string) => boolean): SimulatorLine {
  const ghdl = GHDL_RUNTIME.exec(raw)?.groups;
  if (ghdl) {
    const level = ghdl.level!.toLowerCase();
    const fails = level === 'error' || level === 'failure';
    const file = ghdl.file!;
    const text = `${file}:${ghdl.line}:${ghdl.col}: ${level === 'failure' ? 'error' : level}: @${ghdl.time} ${ghdl.kind} ${ghdl.level}: ${ghdl.msg}`;
    return {
      text,
      failure: fails
        ? {
            message: `${ghdl.kind} ${level} at ${ghdl.time}: ${ghdl.msg}`,
            ...(isProjectFile(file) ? { file, line: Number(ghdl.line) } : {}),
          }
        : null,
    };
  }
  const icarus = ICARUS_RUNTIME.exec(raw)?.groups;
  if (icarus) {
    const level = icarus.level!.toLowerCase();
    const fails = level === 'error' || level === 'fatal';
    const file = icarus.file!;
    const severity = fails ? 'error' : level === 'warning' ? 'warning' : 'note';
    return {
      text: `${file}:${icarus.line}: ${severity}: $${level} ${icarus.msg}`,
      failure: fails
        ? { message: `$${level}: ${icarus.msg}`, ...(isProjectFile(file) ? { file, line: Number(icarus.line) } : {}) }
        : null,
    };
  }
  return { text: raw, failure: null };
}
