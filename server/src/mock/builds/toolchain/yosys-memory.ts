import path from 'node:path';
import type { ToolSandbox } from './bubblewrap.js';

/**
 * How Yosys's memory is limited. Yosys runs as WebAssembly in a Node process, and that process needs
 * memory of its own besides the design's: V8 compiles the 30 MB Yosys module (baseline code for every
 * function it calls, optimised code for the hot ones, compiler zones on 4 worker threads), and keeps a
 * JavaScript heap. Measured on the seed design moving-average (2 cores, 2–4 Yosys runs at once, load 13):
 * the process's data segment peaked at 421–439 MiB while Yosys's own WebAssembly memory stayed under
 * 25 MiB (a cap of 400 pages, 25 MiB, still passed). Under RLIMIT_DATA alone, the runtime's share counted
 * against the design's limit and varied with how V8's background compilation met the load: a tiny
 * design could fail with V8's "Committing semi space failed".
 *
 * So the design's memory is capped where it lives, in the WebAssembly memory (node's
 * --wasm-max-mem-pages: Yosys's allocation fails and the worker says "out of memory"), and RLIMIT_DATA
 * of the process is that cap plus a fixed allowance for the runtime, more than twice the peak measured.
 */
export const YOSYS_RUNTIME_ALLOWANCE_BYTES = 1024 * 1024 * 1024;

const WASM_PAGE_BYTES = 64 * 1024;
/** A 32-bit WebAssembly memory holds at most 4 GiB. */
const MAX_WASM_PAGES = 65_536;

export const YOSYS_PROCESS = path.join(path.dirname(new URL(import.meta.url).pathname), 'tools', 'yosys-process.mjs');

/**
 * V8 compiles WebAssembly twice: baseline code (Liftoff) at once, then optimised code (TurboFan) for
 * every function that runs hot, on background threads. For Yosys most of a synthesis's CPU was that
 * second compile of the 30 MB module, not the design: measured on this 2-core machine, one run at a
 * time, CPU seconds before → with Liftoff only: a one-line design 6.1 → ~1.5, voltage-limiter 6.8 → 1.5
 * (wall 4.0 → 1.6 s, peak RSS 380 → 259 MB), adder 8.0 → 1.7, pwm-generator 11.6 → 5.3,
 * moving-average 15.3 → 9.6, a 7,000-cell multiply-accumulate 9.3 → 5.6 (wall 6.0 → 5.6 s); every
 * report and netlist byte for byte the same. Baseline code runs hot loops slower, so a synthesis of
 * many minutes' compute could take longer; none of the designs measured came near that.
 */
const WASM_COMPILE_FLAGS = ['--liftoff-only'];

/** The command that runs Yosys with these arguments, and the sandbox it runs in (its data limit raised). */
export function yosysCommand(
  sandbox: ToolSandbox,
  yosysArgs: readonly string[],
): { command: string; args: string[]; sandbox: ToolSandbox } {
  const pages = Math.max(1, Math.min(MAX_WASM_PAGES, Math.floor(sandbox.memoryLimitBytes / WASM_PAGE_BYTES)));
  const limitMiB = Math.round(sandbox.memoryLimitBytes / 1024 / 1024);
  return {
    command: process.execPath,
    args: [
      `--wasm-max-mem-pages=${pages}`,
      ...WASM_COMPILE_FLAGS,
      YOSYS_PROCESS,
      `--memory-limit-mib=${limitMiB}`,
      ...yosysArgs,
    ],
    sandbox: { ...sandbox, memoryLimitBytes: sandbox.memoryLimitBytes + YOSYS_RUNTIME_ALLOWANCE_BYTES },
  };
}
