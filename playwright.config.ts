import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './e2e/support/chromium';

/** The gateway the browser tests run against: mock mode, fast builds, its own port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_080);
export const E2E_URL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // CI on a loaded 2-core machine: one retry, so a timing hiccup does not block a landing; the
  // summary of `npm test` names every test that needed it (flaky), so flakes stay visible and get fixed.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.cache/playwright.json' }]],
  use: {
    baseURL: E2E_URL,
    // Recording a trace was a third of the browser tests' CPU time (its screencast most of that: the
    // GPU process encoding frames), on a machine where the tests are CPU-bound. CI records one only
    // when a test is retried, so a failure still comes with its trace; a local run keeps the trace
    // of a failed test, without the screencast (DOM snapshots show each step). `--trace on` for all.
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'node --import tsx server/src/server.ts',
    url: `${E2E_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      MODE: 'mock',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      MOCK_BUILD_STEP_MS: '60',
      // The specs test the log viewer's mechanics on the fixture logs; e2e/toolchain.spec.ts starts real builds.
      MOCK_BUILDS: 'simulated',
      // The external links are deployment configuration, served in config.json (sign-in.spec checks them).
      LEGACY_TOOL_URL: 'https://legacy.e2e.test/',
      EXAMPLES_URL: 'https://docs.e2e.test/examples/',
      DOCUMENTATION_URL: 'https://docs.e2e.test/',
      TERMS_URL: 'https://legal.e2e.test/terms',
      PRIVACY_POLICY_URL: 'https://legal.e2e.test/privacy',
      ADMIN_TOKEN: 'e2e-admin-token-0123456789',
      // Every test signs in through the browser from 127.0.0.1: more than a visitor's limit a minute.
      MOCK_SIGN_IN_RATE_LIMIT: '1000',
      // ...and a visitor's live sign-ins are capped per address: parallel workers' sign-ins must not
      // sign out a test still running.
      MOCK_MAX_SESSIONS_PER_ADDRESS: '1000',
      // Every spec works in Ada's one sandbox (MOCK_SANDBOX=user) and makes its own projects and builds.
      MOCK_MAX_PROJECTS: '500',
      MOCK_MAX_BUILDS_PER_HOUR: '1000',
      // projects-list.spec queues eight builds at once to watch one wait; other specs build in parallel.
      MOCK_MAX_QUEUED_BUILDS: '50',
    },
  },
});
