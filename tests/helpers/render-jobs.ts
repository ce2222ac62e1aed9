import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createPrinter } from '../../apps/render-service/src/printer.js';
import type { ProcessContext } from '../../apps/render-service/src/processors.js';

/**
 * What a render test file's jobs share: one printer on the npm Chromium (the same build on every machine) and a
 * scratch folder named `prefix…`, made before the file's (or describe block's) tests and closed after them.
 * Spread it into processJob's context with the job's id: `{ ...jobs, jobId: 'x' }`.
 */
export function renderJobs(prefix: string): Omit<ProcessContext, 'jobId'> {
  const jobs = { progress: () => undefined } as unknown as Omit<ProcessContext, 'jobId'>;
  beforeAll(() => {
    jobs.printer = createPrinter({ chromium: 'npm' });
    jobs.workDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(async () => {
    await jobs.printer?.close();
    if (jobs.workDir) rmSync(jobs.workDir, { recursive: true, force: true });
  });
  return jobs;
}
