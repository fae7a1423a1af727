import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Records which API operations the mock answered and prints the coverage table (issue 8).
    globalSetup: ['test/contract/coverage-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // CI on a loaded 2-core machine: a timing-sensitive test gets one more try; `npm test`'s summary
    // lists every test that needed it.
    retry: process.env.CI ? 1 : 0,
  },
});
