import { defineConfig } from 'vitest/config';

// Three tiers: pure packages (unit), api on PGlite and PostgreSQL (api), browser walks on Chromium (e2e).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts', 'tests/api/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: { name: 'render', include: ['tests/render/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
