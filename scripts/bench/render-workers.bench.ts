/**
 * Benchmark: throughput of job workers on Redis — the same batch of score-slip render jobs (16 classes × 50 slips)
 * drained by one `npm run worker` process (apps/api/src/worker.ts), then by two (best of two alternating runs
 * each). Target: two workers give ≥ 1.6× the throughput of one. Jobs are created through the job layer as the api
 * does (job row in PostgreSQL + input file in DATA_DIR); the workers write state and results into the job table.
 * Needs REDIS_URL and DATABASE_URL (a scratch database jz_bench_<pid> is created and dropped): without them, one
 * JSON line with ok: false and the reason (a benchmark that cannot run never passes).
 * Each worker prints one chunk at a time here
 * (RENDER_PARALLEL=1, one core per worker, as when workers run on machines of their own): with the default two tabs
 * one worker already uses both cores of a 2-core machine, and a second worker could not add throughput.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoSlipData } from '@jz/report-templates';
import { describeChromium, resolveChromium } from '../../apps/render-service/src/index.js';
import type { AppContext } from '../../apps/api/src/core/context.js';
import { openDatabase, type Database } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { createJobQueue } from '../../apps/api/src/modules/job/job.service.js';
import { startRenderJob } from '../../apps/api/src/modules/render/render.jobs.js';
import { missingQueueEnv, removeQueues, scratchDatabase, startWorkers } from './queue-lib.js';
import { printBench } from './result.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 16);
const dbName = `jz_bench_${process.pid}`;

/** Seconds for `workers` processes to drain JOBS slip jobs (after the workers' browsers are warm). */
async function drain(database: Database, databaseUrl: string, schoolId: number, workers: number): Promise<number> {
  const queueName = `jz-bench-${process.pid}-${workers}-${Date.now()}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-bench-workers-'));
  // this process only enqueues, as an api instance with REDIS_URL does
  const jobs = createJobQueue(database.db, { redisUrl: process.env.REDIS_URL, queueName, concurrency: 0, browserConcurrency: 0, dataDir });
  const ctx = { db: database.db, jobs, config: { dataDir } } as unknown as AppContext;
  const add = (students: number, seed?: number) => startRenderJob(ctx, { type: 'slips', owner: { schoolId, userId: 0 }, fileName: 'slips.pdf', zip: false, examId: null, createdBy: null },
    [{ name: 'slips.pdf', params: demoSlipData(students, Math.min(students, 50), seed) }]);
  const procs = startWorkers(workers, { queueName, dataDir, databaseUrl, env: { RENDER_PARALLEL: '1' } });
  try {
    // Warm-up: one small job per worker starts its Chromium.
    await waitAll(database, await Promise.all(Array.from({ length: workers }, () => add(4))));
    const started = performance.now();
    const ids = await Promise.all(Array.from({ length: JOBS }, (_, i) => add(50, 1000 + i)));
    await waitAll(database, ids);
    return (performance.now() - started) / 1000;
  } finally {
    procs.forEach((p) => p.kill('SIGTERM'));
    await jobs.close();
    await removeQueues(queueName);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitAll(database: Database, ids: string[]) {
  for (;;) {
    const rows = await database.db.selectFrom('job').select(['state', 'error']).where('id', 'in', ids).execute();
    const failed = rows.find((r) => r.state === 'failed');
    if (failed) throw new Error(`任务失败: ${failed.error}`);
    if (rows.length === ids.length && rows.every((r) => r.state === 'done')) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const missing = missingQueueEnv();
if (missing) {
  printBench({ name: 'render_two_workers_speedup', value: null, unit: 'x', limit: 1.6, ok: false, reason: missing });
} else {
  const scratch = await scratchDatabase(dbName);
  const database = await openDatabase({ databaseUrl: scratch.url });
  await migrateToLatest(database.db);
  const school = await database.db.insertInto('school').values({ name: '基准测试学校', code: `bench${process.pid}` }).returning('id').executeTakeFirstOrThrow();
  // best of two alternating runs each: on a shared VM one slow run (another tenant, a kernel thread) would
  // otherwise decide the figure; every run is printed beside it
  const runs = { one: [] as number[], two: [] as number[] };
  for (let k = 0; k < 2; k++) {
    runs.one.push(await drain(database, scratch.url, school.id, 1));
    runs.two.push(await drain(database, scratch.url, school.id, 2));
  }
  const one = Math.min(...runs.one);
  const two = Math.min(...runs.two);
  const speedup = one / two;
  // Higher is better here: ok when the speed-up reaches the limit.
  printBench({ name: 'render_two_workers_speedup', value: Math.round(speedup * 100) / 100, unit: 'x', limit: 1.6, ok: speedup >= 1.6, browser: describeChromium(await resolveChromium()), one_worker_s: +one.toFixed(1), two_workers_s: +two.toFixed(1), runs_s: { one: runs.one.map((x) => +x.toFixed(1)), two: runs.two.map((x) => +x.toFixed(1)) }, cores: os.cpus().length });
  await database.close();
  await scratch.drop();
}
