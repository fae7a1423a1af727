import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// The package's own unit tests; the contract tests against a live gateway are the server's (server/test/contract/).
export default defineConfig({
  test: {
    name: 'contract-checker',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
