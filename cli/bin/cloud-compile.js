#!/usr/bin/env node
// The `cloud-compile` command. In a checkout it runs the TypeScript sources through tsx (already a
// dependency), so there is nothing to build; a packaged copy (npm pack: bin/ and dist/ only) runs the
// bundle `npm run build -w cli` writes. See README.md, "Command line (cloud-compile)".
import { existsSync } from 'node:fs';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist/cloud-compile.js', import.meta.url).href);
}
