import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests of the command's pure parts; the end-to-end tests (the real command against a real
// gateway) live with the server's tests in server/test/cli/, which own the gateway helpers.
export default defineConfig({
  test: {
    name: 'cli',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
