import { defineConfig } from 'vitest/config';

// One runner, one project per workspace part (each with its own environment).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      { test: { name: 'forecast', root: 'packages/forecast', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] } },
      {
        test: {
          name: 'api', root: 'apps/api', include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks', globalSetup: ['test/global-setup.ts'],
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
