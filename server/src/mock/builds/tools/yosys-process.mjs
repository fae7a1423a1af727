// Runs Yosys (WebAssembly, @yowasp/yosys) as a child process, so a build's synthesis can be time-limited
// and killed like any native tool. Usage: node yosys-process.mjs <yosys args…>, in the build's directory:
// the directory's files are handed to Yosys, and the files it writes are written back beside them.
// Plain JavaScript (no tsx): it starts in a bare `node`, with nothing but PATH, HOME and TMPDIR.
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { runYosys, Exit } from '@yowasp/yosys';

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
  files = await runYosys(process.argv.slice(2), inputs, {
    stdout: write(process.stdout),
    stderr: write(process.stderr),
  });
} catch (error) {
  if (!(error instanceof Exit)) throw error;
  ({ files, code } = error);
}
for (const [name, content] of Object.entries(files ?? {})) {
  if (typeof content === 'object' && !(content instanceof Uint8Array)) continue; // folders: none expected
  if (inputs[name] !== undefined && Buffer.compare(Buffer.from(inputs[name]), Buffer.from(content)) === 0) continue;
  writeFileSync(name, content);
}
process.exitCode = code;
