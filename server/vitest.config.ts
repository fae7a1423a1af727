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
  },
});
