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
 * screens keep the automatic chunks (Vite preloads each lazy screen's chunks together), but those make a chunk per
 * set of screens sharing a module, and a screen asked for ~80 of them, six at a time over HTTP/1.1. So two groups
 * gather the small ones: every icon the signed-in screens draw, and the app's and the contracts' own modules shared
 * by two screens or more. `includeDependenciesRecursively: false` keeps a captured module's libraries (charts, the
 * scanner) out of those groups, in chunks of their own that only the screens using them load. The entry's group
 * comes first (priority), so the login screen's own modules stay in the one script it fetches.
 */
const CHUNKS = [
  { name: 'index', tags: ['$initial' as const], priority: 2 },
  { name: 'icons', test: /[\\/]@tabler[\\/]icons-react[\\/]/, priority: 1 },
  { name: 'shared', test: /[\\/](apps[\\/]web[\\/]src|packages[\\/]contracts[\\/]src)[\\/]/, minShareCount: 2, priority: 1 },
];

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
    rolldownOptions: { output: { codeSplitting: { groups: CHUNKS, includeDependenciesRecursively: false }, chunkFileNames: 'assets/[hash].js' } },
  },
  server: { proxy: { '/api': api, '/login': { target: api, bypass: (req) => (req.method === 'GET' ? req.url : undefined) }, '/logout': api, '/readyz': api } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
}));
