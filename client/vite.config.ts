import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// React Router's package exports name only its development build (remix-run/react-router#12532,
// #14753): its dev warnings (ENABLE_DEV_WARNINGS) and their strings ship to every visitor. The build
// takes the production files the package carries beside them.
const reactRouterDist = `${dirname(createRequire(import.meta.url).resolve('react-router/package.json'))}/dist/production/`;
const reactRouterProduction = {
  'react-router/dom': `${reactRouterDist}dom-export.mjs`,
  'react-router': `${reactRouterDist}index.mjs`,
};

// The gateway serves dist/ with .br/.gz siblings (pre-compressed), so compression costs nothing per request.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      threshold: 1024,
    }),
  ],
  // Assets from the root, never relative to the page: the app may be opened at a path without the hash.
  base: '/',
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...(command === 'build' ? reactRouterProduction : {}),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    modulePreload: {
      // The page's own script's imports are preloaded from index.html; a lazy chunk's imports are not.
      // Preloading them (a <link rel="modulepreload"> each, added when the chunk is imported) compiles
      // every one that is already in the browser's cache inside that one call, a long task on a phone;
      // fetched as the chunk asks for them, each compiles in a short task of its own.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
  server: {
    // `npm run dev -w client` talks to a gateway on 8080 for /api, /app and config.json.
    proxy: Object.fromEntries(['/api', '/app', '/account', '/config.json'].map((p) => [p, 'http://localhost:8080'])),
  },
}));
