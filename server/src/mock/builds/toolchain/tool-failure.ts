import type { ToolEnd } from './tool-process.js';
import { OUT_OF_MEMORY } from './tool-output.js';

/**
 * Tells a tool's own failure (an internal crash, running out of memory) from an error in the design,
 * and keeps the tool's native traces out of the log. A user reading "GHDL Bug occurred", a V8 stack
 * or a page of hexadecimal addresses learns nothing about the design; the log gets one line instead.
 */

/** Why a tool failed when the design is not to blame. */
export type ToolTrouble = { kind: 'crash'; detail: string } | { kind: 'out-of-memory' };

/** Signals a process gets when it crashes (not when it is stopped by a limit: SIGKILL, SIGXFSZ). */
const CRASH_SIGNALS = new Set(['SIGSEGV', 'SIGABRT', 'SIGBUS', 'SIGILL', 'SIGTRAP', 'SIGFPE']);
/** The same signals as a shell or bubblewrap reports them: 128 + the signal's number. */
const CRASH_EXIT_CODES = new Set([128 + 4, 128 + 5, 128 + 6, 128 + 7, 128 + 8, 128 + 11]);

// GHDL's bug report box (`******************** GHDL Bug occurred ***…`) and GNAT's unhandled exceptions
// (`raised ADA.ASSERTIONS.ASSERTION_ERROR : synth-vhdl_expr.adb:577`, `Exception … raised`).
const GHDL_BUG_START = /GHDL Bug occurred/;
const BOX_END = /^\*{20,}\s*$/;
const GNAT_RAISED = /^(?:raised|Exception) ([A-Z][\w.]*(?:_ERROR|Error))(?: raised)?(?: : (.*))?$/;
// V8 stopping the process (`FATAL ERROR: … Allocation failed`, `# Fatal error in …`), and the traces
// that follow it: `----- Native stack trace -----`, ` 1: 0xb8d0a3 node::Abort() [node]`, the GC tail.
const V8_FATAL = /^(?:FATAL ERROR: |#\s*Fatal (?:error|JavaScript))/;
const NATIVE_TRACE =
  /^(?:\s*-{3,} ?(?:Native stack trace|JS stack trace|C stack trace) ?-{3,}|<--- .* --->|\s*\d+: 0x[0-9a-f]+ |\s*\[\d+:0x[0-9a-f]+\]|\s*0x[0-9a-f]+(?:\s+0x[0-9a-f]+)*\s*$|==== C stack trace|#\s*$|#\s*(?:FailureMessage|Check failed)|\s*\/[^\s]*\(.*\) \[0x[0-9a-f]+\])/i;
// A JavaScript or WebAssembly stack frame (`    at wasm://wasm/…`, `    at init (file:///…:4861:36)`).
const JS_FRAME = /^\s+at (?:.*\((?:file|node|wasm):.*\)|(?:file|node|wasm):\S*)\s*$/;
// Yosys's own assertion failing: `ERROR: Assert `x' failed in kernel/rtlil.cc:123.`
const YOSYS_ASSERT = /^ERROR: Assert .* failed in [\w/.-]+:\d+/;
// A tool's diagnostic at a place in a file: `top.vhd:8:9: …`, `top.v:3: …`.
const LOCATED = /^\.?\/?[^\s:]+\.\w+:\d+[:.]/;
// The Yosys worker (tools/yosys-process.mjs) sums up its own failure in one line.
const WORKER_CRASH = /^yosys-process: internal error: (.*)$/;
const WORKER_OUT_OF_MEMORY = /^yosys-process: out of memory\b/;

/** Watches one tool run's output line by line. */
export class ToolOutputScreen {
  private crash: string | null = null;
  private outOfMemory = false;
  private inGhdlBox = false;
  private inV8Trace = false;

  /** @param quotesDesign whether a line is one of the design's own lines (a tool showing the source). */
  constructor(private readonly quotesDesign: (line: string) => boolean = () => false) {}

  /** The line as the log should show it, or null when it is part of a native trace (hidden). */
  line(line: string): string | null {
    const text = line.trimEnd();
    const raised = GNAT_RAISED.exec(text.trim());
    if (raised) {
      // GNAT's STORAGE_ERROR is an allocation failing at the memory limit (or a stack overflow).
      if (/STORAGE_ERROR/.test(raised[1]!)) this.outOfMemory = true;
      // `Exception X raised` comes first, then `raised X : where`: keep the one that says where.
      else if (!this.crash || raised[2]) this.crash = `${raised[1]}${raised[2] ? ` at ${raised[2]}` : ''}`;
      return null;
    }
    if (this.inGhdlBox) {
      if (BOX_END.test(text)) {
        this.inGhdlBox = false;
        if (!this.outOfMemory) this.crash ??= 'GHDL Bug occurred';
      }
      return null;
    }
    if (GHDL_BUG_START.test(text)) {
      this.inGhdlBox = true;
      return null;
    }
    if (V8_FATAL.test(text)) {
      this.inV8Trace = true;
      if (OUT_OF_MEMORY.test(text) || /semi space|Allocation failed|Reached heap limit/i.test(text))
        this.outOfMemory = true;
      else this.crash ??= text.replace(/^FATAL ERROR: /, '');
      return null;
    }
    if (NATIVE_TRACE.test(text) || JS_FRAME.test(text)) {
      if (text.startsWith('<---')) this.inV8Trace = true; // V8's account of its last GCs, before FATAL ERROR
      return null;
    }
    if (this.inV8Trace && text.trim() === '') return null;
    const worker = WORKER_CRASH.exec(text);
    if (worker) {
      this.crash ??= worker[1]!;
      return null;
    }
    if (WORKER_OUT_OF_MEMORY.test(text)) {
      this.outOfMemory = true;
      return null;
    }
    if (YOSYS_ASSERT.test(text)) this.crash ??= text.replace(/^ERROR: /, '');
    // A diagnostic (`says.vhd:8:9: error: report: out of memory`) or a quoted line of the design is the design's words.
    else if (OUT_OF_MEMORY.test(text) && !LOCATED.test(text) && !this.quotesDesign(text)) this.outOfMemory = true;
    return line;
  }

  /** Whether the run ended in the tool's own failure (never for a clean exit or a limit of the build). */
  trouble(end: ToolEnd): ToolTrouble | null {
    if (end.reason === 'exit' && end.code === 0) return null;
    if (end.reason !== 'exit' && end.reason !== 'signal') return null;
    if (this.outOfMemory) return { kind: 'out-of-memory' };
    if (this.inGhdlBox) this.crash ??= 'GHDL Bug occurred';
    if (this.crash) return { kind: 'crash', detail: this.crash };
    if (end.reason === 'signal' && CRASH_SIGNALS.has(end.signal))
      return { kind: 'crash', detail: `stopped by ${end.signal}` };
    if (end.reason === 'exit' && CRASH_EXIT_CODES.has(end.code))
      return { kind: 'crash', detail: `stopped by signal ${end.code - 128}` };
    return null;
  }
}

/** The log's one line for a tool's own failure: whose fault it is, in plain words. */
export function troubleMessage(label: string, trouble: ToolTrouble, memoryLimitMiB: number): string {
  if (trouble.kind === 'out-of-memory')
    return (
      `TOOL FAILURE: ${label} ran out of memory: a tool may use at most ${memoryLimitMiB} MiB (MOCK_BUILD_MEMORY_MB). ` +
      'This is a limit of the check tools, not an error found in your design'
    );
  return (
    `TOOL FAILURE: ${label} stopped on an internal error (${trouble.detail}). ` +
    'This is a fault of the check tool, not an error found in your design'
  );
}

/** The build's error for a tool's own failure (its first words match the log line's). */
export function troubleOutcome(label: string, trouble: ToolTrouble, memoryLimitMiB: number): string {
  return trouble.kind === 'out-of-memory'
    ? `tool failure: ${label} ran out of memory (at most ${memoryLimitMiB} MiB), not an error in your design`
    : `tool failure: ${label} stopped on an internal error, not an error in your design`;
}
