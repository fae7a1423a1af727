import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { configureExternalLinks } from '@/lib/external-links';

// What the app takes from config.json before it renders (the deployment's links), for components rendered alone.
configureExternalLinks({
  legacyTool: 'https://legacy.test/',
  examples: 'https://docs.test/examples/',
  documentation: 'https://docs.test/',
  terms: 'https://legal.test/terms',
  privacyPolicy: 'https://legal.test/privacy',
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
});
