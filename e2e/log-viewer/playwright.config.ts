import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * The log-viewer specs alone, without the gateway (the harness serves itself):
 * `npx playwright test -c e2e/log-viewer`. The root config runs them too, with everything else.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  webServer: undefined,
  reporter: [['list']],
  outputDir: '../../test-results/log-viewer',
});
