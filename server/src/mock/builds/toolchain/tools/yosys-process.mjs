// Runs Yosys (WebAssembly, @yowasp/yosys) as a child process, so a build's synthesis can be time-limited
// and killed like any native tool. Usage: node --wasm-max-mem-pages=P yosys-process.mjs --memory-limit-mib=N
// <yosys args…>, in the build's directory: the directory's files are handed to Yosys, and the files it
// writes are written back beside them. The design's memory is Yosys's WebAssembly memory, capped at N MiB
// by the node flag (see yosys-memory.ts); when Yosys stops, this says why in one line, never with a stack.
// Plain JavaScript (no tsx): it starts in a bare `node`, with nothing but PATH, HOME and TMPDIR.
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
/* global WebAssembly */

const LIMIT_ARG = /^--memory-limit-mib=(\d+)$/;
const args = process.argv.slice(2);
const limitMiB = LIMIT_ARG.test(args[0] ?? '') ? Number(LIMIT_ARG.exec(args.shift())[1]) : null;

// The WebAssembly memories Yosys runs in, to tell afterwards whether it stopped at the cap.
const memories = [];
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...call) => {
  const result = await instantiate.apply(WebAssembly, call);
  const instance = result instanceof WebAssembly.Instance ? result : result.instance;
  for (const value of Object.values(instance?.exports ?? {}))
    if (value instanceof WebAssembly.Memory) memories.push(value);
  return result;
};
const { runYosys, Exit } = await import('@yowasp/yosys');

const inputs = {};
for (const name of readdirSync('.')) {
  if (statSync(name).isFile()) inputs[name] = readFileSync(name);
}
const write = (stream) => (bytes) => {
  if (bytes) stream.write(bytes);
};
let files;
let code = 0;
try {
  files = await runYosys(args, inputs, {
    stdout: write(process.stdout),
    stderr: write(process.stderr),
  });
} catch (error) {
  if (!(error instanceof Exit)) {
    // Yosys aborts (a WebAssembly trap) when an allocation fails: near the cap, that is the cause.
    const usedMiB = Math.max(0, ...memories.map((m) => m.buffer.byteLength / 1024 / 1024));
    const cannotGrow = error instanceof RangeError && /memory/i.test(error.message);
    if (limitMiB !== null && (cannotGrow || usedMiB >= limitMiB / 2))
      process.stderr.write(`yosys-process: out of memory: Yosys used ${Math.round(usedMiB)} MiB of ${limitMiB} MiB\n`);
    else process.stderr.write(`yosys-process: internal error: ${error?.name ?? 'Error'}: ${error?.message ?? error}\n`);
    process.exit(70);
  }
  ({ files, code } = error);
}
for (const [name, content] of Object.entries(files ?? {})) {
  if (typeof content === 'object' && !(content instanceof Uint8Array)) continue; // folders: none expected
  if (inputs[name] !== undefined && Buffer.compare(Buffer.from(inputs[name]), Buffer.from(content)) === 0) continue;
  writeFileSync(name, content);
}
process.exitCode = code;
