import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_OUTPUT_LIMIT_LINES, type ToolEnd } from './tool-process.js';

/**
 * What the toolchain runner makes of a tool's run: the files it wrote (bounded reads), its words about
 * memory, and the log lines that say why it ended when that was a limit.
 */

/** A netlist bigger than this is not kept as an artifact (the log says so). */
export const MAX_NETLIST_BYTES = 8 * 1024 * 1024;
/** The gateway reads no tool-written file bigger than this (they are checked with stat before reading). */
export const MAX_TOOL_FILE_BYTES = MAX_NETLIST_BYTES;

/** A tool wrote a file too big to read: the build fails with this message. */
export class FileTooBig extends Error {
  constructor(
    file: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(`${path.basename(file)} is ${size} bytes, more than the ${limit} bytes a check build reads`);
  }
}

/** A tool-written file's content, or FileTooBig (checked with stat first: nothing big is read into memory). */
export async function readToolFile(file: string, limit = MAX_TOOL_FILE_BYTES): Promise<Buffer> {
  const { size } = await stat(file);
  if (size > limit) throw new FileTooBig(file, size, limit);
  return readFile(file);
}

/** The tool (or, through a shell, its child) was stopped by SIGXFSZ: it wrote past the file size limit. */
export const wroteTooMuch = (end: ToolEnd) =>
  (end.reason === 'signal' && end.signal === 'SIGXFSZ') || (end.reason === 'exit' && end.code === 128 + 25);

/**
 * What the tools print when an allocation fails at the memory limit: GHDL (GNAT's STORAGE_ERROR),
 * Node running Yosys (V8's fatal out-of-memory, a WebAssembly memory that cannot grow), C's ENOMEM.
 */
export const OUT_OF_MEMORY =
  /heap exhausted|STORAGE_ERROR|out of memory|Cannot allocate memory|bad_alloc|WebAssembly\.Memory/i;

/**
 * The design's own lines that read like a tool running out of memory, trimmed: a tool showing one of
 * them (GHDL quotes the source under a diagnostic, e.g. the design's `report "… out of memory"`) has
 * not run out itself. A set, so each tool line is one lookup: a design can make a tool print its lines
 * thousands of times, and searching every file each time would hold the gateway's thread as long.
 */
export function designMemoryLines(files: readonly { content: string }[]): Set<string> {
  return new Set(
    files.flatMap((file) =>
      file.content
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && OUT_OF_MEMORY.test(line)),
    ),
  );
}

export interface ToolLimits {
  timeLimitMs: number;
  outputLimitBytes: number;
  /** Lines a build may log (default DEFAULT_OUTPUT_LIMIT_LINES). */
  outputLimitLines?: number;
  fileSizeLimitBytes: number;
}

/** The log's ERROR lines for a tool that ended at one of the build's limits, or could not start. */
export function toolEndMessages(label: string, end: ToolEnd, limits: ToolLimits): string[] {
  const messages: string[] = [];
  if (end.reason === 'time-limit')
    messages.push(
      `ERROR: time limit reached: the build was stopped after ${Math.round(limits.timeLimitMs / 1000)} s (MOCK_BUILD_TIME_LIMIT_S)`,
    );
  if (end.reason === 'output-limit')
    messages.push(
      end.limit === 'lines'
        ? `ERROR: output limit reached: the log was cut here, at ${limits.outputLimitLines ?? DEFAULT_OUTPUT_LIMIT_LINES} lines (MOCK_BUILD_OUTPUT_LIMIT_LINES)`
        : `ERROR: output limit reached: the log was cut here, at ${Math.round(limits.outputLimitBytes / 1024)} KiB (MOCK_BUILD_OUTPUT_LIMIT_KB)`,
    );
  if (wroteTooMuch(end))
    messages.push(
      `ERROR: ${label} tried to write a file larger than ${limits.fileSizeLimitBytes} bytes and was stopped`,
    );
  if (end.reason === 'spawn-error')
    messages.push(`ERROR: ${label} could not be started (${end.message}). Install it: apt-get install ghdl`);
  return messages;
}
