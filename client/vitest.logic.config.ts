import { defineConfig } from 'vitest/config';
import client from './vitest.config';

// The client's .ts tests (parsers, stores, formatting, hooks) in Node, without a DOM: setting up a jsdom was
// most of such a file's time (some 3 s of CPU each, against 0.3 s here), for tests that never touch it. A .ts
// test that does need the DOM (localStorage, document, a rendered hook) says so on its first line with
// `// @vitest-environment jsdom`; without it, it fails at once with "localStorage is not defined".
export default defineConfig({
  ...client,
  test: {
    ...client.test,
    name: 'client-logic',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
