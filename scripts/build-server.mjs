// `npm run build:server`: the gateway as plain JavaScript in server/dist, for the production image
// (node server/dist/server.js: no tsx, no TypeScript at run time). Each file is transpiled on its own
// (the sources are isolatedModules), keeping src's layout so paths relative to the files still hold;
// type-checking is `npm run typecheck`'s job. The workspace packages the gateway imports
// (@cloud-compile/shared, @cloud-compile/contract-checker: TypeScript sources too) are compiled the same way
// into server/dist/node_modules, where Node finds them first from any file of server/dist, so the image
// needs no packages/ folder.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'server');
const outdir = path.join(server, 'dist');
const serverPackage = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
const workspacePackages = Object.keys(serverPackage.dependencies).filter((name) => name.startsWith('@cloud-compile/'));

/** Transpiles one folder of sources file by file into `to`; other files (not tests) are copied as they are. */
async function compileFolder(from, to) {
  const sources = fs
    .readdirSync(from, { recursive: true, encoding: 'utf8' })
    .filter((file) => fs.statSync(path.join(from, file)).isFile() && !file.includes('.test.'));
  const entryPoints = sources
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(from, file));
  // Files the gateway runs or reads as they are (the Yosys worker the toolchain runner starts, a .mjs):
  // copied to the same place, since code finds them beside its own file.
  const asIs = sources.filter((file) => !file.endsWith('.ts'));
  await build({
    entryPoints,
    outbase: from,
    outdir: to,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  for (const file of asIs) fs.cpSync(path.join(from, file), path.join(to, file));
  return { compiled: entryPoints.length, copied: asIs.length };
}

/** A workspace package as Node loads it: its compiled src, and its package.json with exports pointing at .js. */
async function compilePackage(name) {
  const folder = path.dirname(fs.realpathSync(path.join(root, 'node_modules', name, 'package.json')));
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const target = path.join(outdir, 'node_modules', name);
  await compileFolder(path.join(folder, 'src'), target);
  // "./src/index.ts" → "./index.js"; a types-only entry (a .d.ts) has nothing to run and is left out.
  const exports = Object.fromEntries(
    Object.entries(manifest.exports)
      .filter(([, file]) => !file.endsWith('.d.ts'))
      .map(([entry, file]) => [entry, file.replace(/^\.\/src\//, './').replace(/\.ts$/, '.js')]),
  );
  const { name: packageName, version, type } = manifest;
  fs.writeFileSync(
    path.join(target, 'package.json'),
    `${JSON.stringify({ name: packageName, version, type, exports }, null, 2)}\n`,
  );
}

fs.rmSync(outdir, { recursive: true, force: true });
const { compiled, copied } = await compileFolder(path.join(server, 'src'), outdir);
for (const name of workspacePackages) await compilePackage(name);
console.log(
  `build-server: ${compiled} files compiled, ${copied} copied, packages ${workspacePackages.join(', ')} → ${path.relative(process.cwd(), outdir)}`,
);
