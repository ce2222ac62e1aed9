import { configDefaults, defineConfig } from 'vitest/config';
import LongFirstSequencer from './scripts/test-order.js';

/** Api files that must not share a worker's modules with other files (see the api-isolated project). */
const ISOLATED_API_FILES = ['tests/api/storage-s3.test.ts'];

// Tiers: pure packages (unit), api on PGlite and PostgreSQL (api), hard-kill and startup runs of real processes
// (durability), render snapshots (render), browser walks on Chromium (e2e).
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one file at a time on a two-core machine. Most api and
    // durability files wait on PostgreSQL, Redis or child servers rather than compute, so three at once keep both
    // cores busy. VITEST_MAX_WORKERS overrides it (e.g. 1 to measure a file alone).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        // Pure code without module state between calls: one worker's modules serve file after file.
        test: { name: 'unit', include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'], isolate: false },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: [...ISOLATED_API_FILES, ...configDefaults.exclude],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A worker runs file after file without re-importing the api (fastify, kysely, pglite, the analysis
          // package: ≈ 2.5 s of CPU per file). Module state that outlives a file is code (job kinds, the page
          // thread) or keyed per database (the report caches); a file that changes the process (environment,
          // shared settings) either restores it in afterAll or runs in api-isolated.
          isolate: false,
        },
      },
      {
        // Files that change what the api reads at import or app start (STORAGE=s3 in process.env), or re-run other
        // files' suites by importing them: a fresh module graph each.
        test: {
          name: 'api-isolated',
          include: ISOLATED_API_FILES,
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Real server processes killed with SIGKILL and restarted on the same data folder.
        test: {
          name: 'durability',
          include: ['tests/durability/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 900_000,
          hookTimeout: 300_000,
        },
      },
      {
        // Each file prints with its own Chromium into its own temporary folder, so they run beside the api files,
        // and one worker's modules (the render service, the report templates) serve file after file.
        test: { name: 'render', include: ['tests/render/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, isolate: false },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker runs every walk without re-importing the api and web modules per file (≈ 4 s of CPU each).
          // The files share nothing else: each has its own server, database copy and Chromium, and the report
          // caches are per database (report.store examKey).
          isolate: false,
        },
      },
    ],
  },
});
