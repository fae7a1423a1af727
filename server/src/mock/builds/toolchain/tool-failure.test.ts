import { describe, expect, it } from 'vitest';
import { ToolOutputScreen, troubleMessage, troubleOutcome } from './tool-failure.js';
import type { ToolEnd } from './tool-process.js';

// Outputs captured from the real tools: GHDL 2.0 (mcode) running out of memory under RLIMIT_DATA, and
// Node 20 (the Yosys worker's runtime) stopped by V8 at the same limit.
const GHDL_OUT_OF_MEMORY = `
******************** GHDL Bug occurred ***************************
Please report this bug on https://github.com/ghdl/ghdl/issues
GHDL release: 2.0.0 (Debian 2.0.0+dfsg-6.2+b2) [Dunoon edition]
Compiled with GNAT Version: 12.2.0
Target: x86_64-linux-gnu
/tmp/cc-build-x/src/
Command line:
/usr/bin/ghdl-mcode --synth --std=08 big
Exception STORAGE_ERROR raised
Exception information:
raised STORAGE_ERROR : System.Memory.Alloc: heap exhausted
Call stack traceback locations:
0x7ff4acea3402 0x557305ea66cf 0x557305f8edf3 0x557305f8fc3a 0xfffffffffffffffe
******************************************************************`;
const GHDL_CRASH = GHDL_OUT_OF_MEMORY.replaceAll('STORAGE_ERROR', 'ADA.ASSERTIONS.ASSERTION_ERROR').replace(
  'System.Memory.Alloc: heap exhausted',
  'synth-vhdl_expr.adb:577',
);
const V8_OUT_OF_MEMORY = `
<--- Last few GCs --->

[5299:0x1776acd0]      663 ms: Scavenge 33.0 (35.8) -> 33.0 (35.8) MB, 0.11 / 0.00 ms  (average mu = 0.286, current mu = 0.001) allocation failure;
[5299:0x1776acd0]      702 ms: Mark-Compact (reduce) 33.0 (35.8) -> 33.0 (34.8) MB, 38.58 / 0.00 ms  last resort; GC in old space requested


<--- JS stacktrace --->

FATAL ERROR: Committing semi space failed. Allocation failed - JavaScript heap out of memory
----- Native stack trace -----

 1: 0xb78db3 node::OOMErrorHandler(char const*, v8::OOMDetails const&) [node]
 4: 0x10fb205  [node]
18: 0x195e476  [node]`;
const WASM_TRAP = `wasm://wasm/0759bb72:1


RuntimeError: unreachable
    at wasm://wasm/0759bb72:wasm-function[17942]:0xb4009e
    at init (file:///srv/node_modules/@yowasp/yosys/gen/bundle.js:4861:36)`;

function screen(output: string, end: ToolEnd) {
  const s = new ToolOutputScreen();
  const shown = output.split('\n').flatMap((line) => {
    const kept = s.line(line);
    return kept === null ? [] : [kept];
  });
  return { shown, trouble: s.trouble(end) };
}

const failedExit: ToolEnd = { reason: 'exit', code: 1 };

describe('a tool failing on its own', () => {
  it('GHDL running out of memory is a tool out-of-memory, and its bug box stays out of the log', () => {
    const { shown, trouble } = screen(GHDL_OUT_OF_MEMORY, failedExit);
    expect(trouble).toEqual({ kind: 'out-of-memory' });
    expect(shown.filter((l) => l.trim())).toEqual([]);
  });

  it('GHDL crashing (an assertion of its own) is a tool crash, named by its exception', () => {
    const { shown, trouble } = screen(GHDL_CRASH, failedExit);
    expect(trouble).toEqual({ kind: 'crash', detail: 'ADA.ASSERTIONS.ASSERTION_ERROR at synth-vhdl_expr.adb:577' });
    expect(shown.join('\n')).not.toMatch(/0x[0-9a-f]{6}|GHDL Bug/);
  });

  it('V8 stopping Node at the memory limit is a tool out-of-memory; no native stack reaches the log', () => {
    const { shown, trouble } = screen(V8_OUT_OF_MEMORY, { reason: 'signal', signal: 'SIGABRT' });
    expect(trouble).toEqual({ kind: 'out-of-memory' });
    expect(shown.filter((l) => l.trim())).toEqual([]);
  });

  it('a process killed by SIGSEGV, or a WebAssembly trap summed up by the Yosys worker, is a crash', () => {
    expect(screen('', { reason: 'signal', signal: 'SIGSEGV' }).trouble).toEqual({
      kind: 'crash',
      detail: 'stopped by SIGSEGV',
    });
    expect(screen('', { reason: 'exit', code: 139 }).trouble).toMatchObject({ kind: 'crash' });
    const worker = screen(`${WASM_TRAP}\nyosys-process: internal error: RuntimeError: unreachable`, {
      reason: 'exit',
      code: 70,
    });
    expect(worker.trouble).toEqual({ kind: 'crash', detail: 'RuntimeError: unreachable' });
    expect(worker.shown.join('\n')).not.toMatch(/wasm-function|file:\/\//);
  });

  it("the messages say it is the tool's failure, never the design's", () => {
    for (const trouble of [{ kind: 'out-of-memory' as const }, { kind: 'crash' as const, detail: 'SIGSEGV' }]) {
      const message = troubleMessage('yosys', trouble, 1024);
      expect(message).toMatch(/^TOOL FAILURE: yosys /);
      expect(message).toContain('not an error found in your design');
      expect(message).not.toMatch(/look for|very large array/i);
      expect(troubleOutcome('yosys', trouble, 1024)).toMatch(/^tool failure: .*not an error in your design$/);
    }
  });
});

describe('a design failing', () => {
  it('an error in the design is no tool failure, and its lines stay in the log', () => {
    const output = "top.vhd:12:5: 'then' is expected here\nghdl: compilation error";
    const { shown, trouble } = screen(output, failedExit);
    expect(trouble).toBeNull();
    expect(shown).toEqual(output.split('\n'));
  });

  it("a design's own report of memory is not the tool running out", () => {
    expect(screen('says.vhd:8:9: error: report: out of memory: Cannot allocate memory', failedExit).trouble).toBeNull();
    const s = new ToolOutputScreen((line) => line.trim() === 'report "out of memory";');
    expect(s.line('  report "out of memory";')).toBe('  report "out of memory";');
    expect(s.trouble(failedExit)).toBeNull();
  });

  it('a limit of the build (time, cancel) is not a tool failure', () => {
    expect(screen(V8_OUT_OF_MEMORY, { reason: 'time-limit' }).trouble).toBeNull();
    expect(screen('', { reason: 'exit', code: 0 }).trouble).toBeNull();
  });
});
