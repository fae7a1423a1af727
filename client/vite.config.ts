import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The gateway serves dist/ with .br/.gz siblings (pre-compressed), so compression costs nothing per request.
export default defineConfig({
  plugins: [
    react(),
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      threshold: 1024,
    }),
  ],
  // Assets from the root, never relative to the page: the app may be opened at a path without the hash.
  base: '/',
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    // `npm run dev -w client` talks to a gateway on 8080 for /api, /app and config.json.
    proxy: Object.fromEntries(['/api', '/app', '/account', '/config.json'].map((p) => [p, 'http://localhost:8080'])),
  },
});
