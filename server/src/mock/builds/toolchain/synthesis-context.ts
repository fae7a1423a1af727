import type { Diagnostic } from '../diagnostics.js';
import type { BuildJob, BuildOutcome } from '../runner.js';
import type { ToolSandbox } from './bubblewrap.js';
import type { ToolEnd } from './tool-process.js';

/** How a tool of a synthesis step runs (ToolchainBuild.tool). */
export interface ToolCall {
  /** What the log shows after `$ label` (the arguments by default). */
  shown?: string[];
  sandbox?: ToolSandbox;
  /** false: a tool that only makes the estimate reports nothing as the design's (its errors are logged). */
  diagnostics?: boolean;
  /** Restates each diagnostic as the user should see it, makes it a plain log line (a string), or drops it (null). */
  rewrite?: (diagnostic: Diagnostic) => Diagnostic | string | null;
}

/**
 * What a synthesis step (vhdl-check.ts, yosys-estimate.ts) may do with its build: run tools in the
 * build's src/ folder, log, and end the build, failed or with the check stopping short of an estimate.
 * ToolchainBuild provides it, as it provides verilog-check.ts's VerilogCheckContext.
 */
export interface SynthesisContext {
  job(): BuildJob;
  /** The build's folder: the project in src/, the platform's files in platform/. */
  dir(): string;
  tool(label: string, command: string, args: string[], call?: ToolCall): Promise<ToolEnd>;
  /** Runs a tool whose output is data, not log: each line to `onLine`. */
  toolLines(command: string, args: string[], onLine: (line: string) => void): Promise<void>;
  log(...lines: string[]): void;
  /** The build fails with this error. */
  failed(error: string): Promise<BuildOutcome>;
  /** The build fails because of how this tool ended (the design's first error, a limit, the tool's own trouble). */
  failure(end: ToolEnd): Promise<BuildOutcome>;
  /** A tool of this build failed on its own: how (crash, out of memory), or null. */
  troubleKind(): 'crash' | 'out-of-memory' | null;
  /** What went wrong with the tool, in words that follow its name. */
  troubleWords(): string;
  /** The first error of the last tool run whose errors are not the design's, or null. */
  toolError(): string | null;
  /** Whether the design has errors of its own. */
  userErrors(): boolean;
  /** Reports a diagnostic of the design (an error, or a platform note) with its log line. */
  addDiagnostic(diagnostic: Diagnostic, text: string): void;
  /** The check stops short of a resource estimate, saying so in a platform note on `file`'s top level. */
  estimateSkipped(file: string, what: string): true;
}
