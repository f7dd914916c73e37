import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const api = process.env.ENAMEL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: { proxy: { '/api': api, '/login': { target: api, bypass: (req) => (req.method === 'GET' ? req.url : undefined) }, '/logout': api, '/readyz': api } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
});
