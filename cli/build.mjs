// Bundles the command into dist/cloud-compile.js for a packaged install (npm pack ships bin/ and dist/):
// the contract document and the shared client modules are inlined, npm dependencies stay imports.
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL(process.argv[2] ?? './dist/cloud-compile.js', new URL(`file://${process.cwd()}/`)).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
