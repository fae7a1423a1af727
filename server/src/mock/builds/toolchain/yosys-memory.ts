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

/** The command that runs Yosys with these arguments, and the sandbox it runs in (its data limit raised). */
export function yosysCommand(
  sandbox: ToolSandbox,
  yosysArgs: readonly string[],
): { command: string; args: string[]; sandbox: ToolSandbox } {
  const pages = Math.max(1, Math.min(MAX_WASM_PAGES, Math.floor(sandbox.memoryLimitBytes / WASM_PAGE_BYTES)));
  const limitMiB = Math.round(sandbox.memoryLimitBytes / 1024 / 1024);
  return {
    command: process.execPath,
    args: [`--wasm-max-mem-pages=${pages}`, YOSYS_PROCESS, `--memory-limit-mib=${limitMiB}`, ...yosysArgs],
    sandbox: { ...sandbox, memoryLimitBytes: sandbox.memoryLimitBytes + YOSYS_RUNTIME_ALLOWANCE_BYTES },
  };
}
