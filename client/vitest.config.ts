import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'client',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    // Worker threads start faster than the default child processes: most of a client test file's time is
    // setting up its jsdom, and threads cut the suite's wall time by a sixth on 2 cores.
    pool: 'threads',
    // Components and hooks (.tsx); the .ts tests run in the client-logic project (vitest.logic.config.ts)
    // without a DOM.
    include: ['src/**/*.test.tsx'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    // CI on a loaded 2-core machine: a timing-sensitive test gets one more try; `npm test`'s summary
    // lists every test that needed it.
    retry: process.env.CI ? 1 : 0,
  },
});
