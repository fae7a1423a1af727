// Bundles the command into dist/cloud-compile.js for a packaged install (npm pack ships bin/ and dist/):
// the contract document and the workspace's own packages (@cloud-compile/shared: TypeScript, never
// published) are inlined; npm dependencies stay imports, installed from the package's dependencies.
import { build } from 'esbuild';

/** Every bare import stays external but the workspace's own packages, which go into the bundle. */
const npmDependenciesExternal = {
  name: 'npm-dependencies-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cloud-compile/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL(process.argv[2] ?? './dist/cloud-compile.js', new URL(`file://${process.cwd()}/`)).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [npmDependenciesExternal],
  logLevel: 'warning',
});
