import { afterEach } from 'vitest';
import { configureExternalLinks } from '@/lib/external-links';

// What the app takes from config.json before it renders (the deployment's links), for components rendered alone.
configureExternalLinks({
  legacyTool: 'https://legacy.test/',
  examples: 'https://docs.test/examples/',
  documentation: 'https://docs.test/',
  terms: 'https://legal.test/terms',
  privacyPolicy: 'https://legal.test/privacy',
});

// Tests with a DOM (jsdom) get jest-dom's matchers and start each test with an empty page, storage and cookie
// jar. The client-logic project's tests run in Node without one, and without loading React's testing library or
// jest-dom at all (importing jest-dom was most of such a file's set-up, some 0.5 s each).
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    localStorage.clear();
    document.cookie.split(';').forEach((c) => {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    });
  });
}
