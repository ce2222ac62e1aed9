// Local config to run the render tests alone: npx vitest run -c tests/render/vitest.config.ts
// (the root config gets the equivalent project named 'render').
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'render',
    root: path.resolve(import.meta.dirname, '../..'),
    include: ['tests/render/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
