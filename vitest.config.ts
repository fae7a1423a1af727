import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared/vitest.config.ts',
      'packages/contract-checker/vitest.config.ts',
      'client/vitest.config.ts',
      'client/vitest.logic.config.ts',
      'server/vitest.config.ts',
      'cli/vitest.config.ts',
    ],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, where the
    // suite then spent half its time with no test running (a file's import and jsdom set-up in between).
    // One per core: the main process mostly waits, and many server tests wait on child processes.
    maxWorkers: availableParallelism(),
  },
});
