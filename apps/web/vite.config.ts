import { defineConfig } from 'vitest/config';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const api = process.env.ENAMEL_API_URL ?? 'http://127.0.0.1:3000';

/** React Router's package names its development build only (dev warnings on); the production build is beside it. */
const reactRouterProduction = createRequire(import.meta.url).resolve('react-router').replace(/development[\\/]index\.m?js$/, 'production/index.mjs');

/**
 * Everything the first screen runs — the app's start, the login screen, the HTTP client of the start-up user check,
 * all imported statically from main.tsx — in the entry chunk, which index.html names alone: the login screen is one
 * round trip after the page instead of dozens of small shared chunks (a request and a compression each). The other
 * screens keep the automatic chunks (Vite preloads each lazy screen's chunks together).
 */
const CHUNKS = [{ name: 'index', tags: ['$initial' as const] }];

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the app supports preloads modules itself (no polyfill in the entry chunk).
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: CHUNKS }, chunkFileNames: 'assets/[hash].js' } },
  },
  server: { proxy: { '/api': api, '/login': { target: api, bypass: (req) => (req.method === 'GET' ? req.url : undefined) }, '/logout': api, '/readyz': api } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
}));
