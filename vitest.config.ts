import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['client/vitest.config.ts', 'server/vitest.config.ts', 'cli/vitest.config.ts'],
  },
});
