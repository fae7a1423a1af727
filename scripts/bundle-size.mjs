// Prints the first page's JavaScript weight (what a visitor downloads before the app can run): the
// entry script of client/dist/index.html plus every chunk it imports statically, raw and gzip-compressed.
// Fails when the editor (CodeMirror) leaks into that first load (it must stay a lazy chunk), or when the
// first page weighs more than its budget: 120 KB gzip.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]);

// Static imports only (`import … from "./x.js"` / `import "./x.js"`); dynamic `import()` chunks load later.
const STATIC_IMPORT = /(?:^|[;\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g;
const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) visit(path.posix.join(path.posix.dirname(file), match[1]));
};
entries.forEach(visit);

const BUDGET_GZIP_KB = 120;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let raw = 0;
let gzip = 0;
let leaked = false;
console.log('first page JavaScript (entry and its static imports):');
for (const file of initial) {
  const code = fs.readFileSync(path.join(dist, file));
  const zipped = zlib.gzipSync(code, { level: 9 }).length;
  raw += code.length;
  gzip += zipped;
  if (/@codemirror|EditorView\.theme|cm-editor/.test(code.toString('utf8'))) leaked = true;
  console.log(`  ${file.padEnd(48)} ${kb(code.length).padStart(10)} raw ${kb(zipped).padStart(10)} gzip`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(raw).padStart(10)} raw ${kb(gzip).padStart(10)} gzip`);

const lazy = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') && !initial.has(`assets/${name}`))
  .map((name) => ({ name, size: zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', name)), { level: 9 }).length }))
  .sort((a, b) => b.size - a.size)
  .slice(0, 5);
console.log('largest lazy chunks (gzip):');
for (const chunk of lazy) console.log(`  ${chunk.name.padEnd(48)} ${kb(chunk.size).padStart(10)}`);

if (leaked) {
  console.error('The editor (CodeMirror) is part of the first page: it must be lazy-loaded.');
  process.exit(1);
}
console.log(`budget: ${BUDGET_GZIP_KB} KB gzip for the first page (${kb(gzip)})`);
if (gzip > BUDGET_GZIP_KB * 1024) {
  console.error(`The first page's JavaScript is over its budget of ${BUDGET_GZIP_KB} KB gzip.`);
  process.exit(1);
}
