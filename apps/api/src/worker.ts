// Job worker process: `npm run worker` (node --import tsx apps/api/src/worker.ts), any number of them on any
// machines. Takes every registered job kind from Redis — rendering (browser lane, one warm Chromium) and the
// default lane (release, imports, recognition…) — and records state, progress and results in the `job` table
// itself, so api instances answer polls from the table. Needs REDIS_URL, DATABASE_URL (the api's PostgreSQL;
// the api runs the migrations) and the api's file store: STORAGE=s3 with the same bucket (S3_*), or DATA_DIR on a
// volume shared with the api (the local store DATA_DIR/files).
// Env: JOB_QUEUE (jz-jobs), JOB_CONCURRENCY (default-lane jobs at once, 2), RENDER_CONCURRENCY (render jobs at
// once, 1), JOB_LOCK_MS / JOB_STALLED_MS (BullMQ lock and stalled check, 30000), RENDER_SLIP_CHUNK,
// RENDER_PARALLEL (chunks printed at once in separate tabs, 2; 1 on a machine where a worker should take one core).
import '@jz/render-service/production-env';
import { sql } from 'kysely';
import { loadConfig } from './config.js';
import { openPostgresChecked, StartupError } from './db/startup.js';
import { createJobQueue, DEFAULT_JOB_QUEUE, registeredKinds } from './modules/job/job.service.js';
import { openConfiguredStorage } from './core/storage-open.js';
import './modules/index.js'; // registers every job kind (release, render.*, import.*, …)

const intEnv = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);

async function main() {
  const config = loadConfig();
  if (!config.redisUrl) throw new StartupError('未设置 REDIS_URL：工作进程需要 Redis（嵌入模式下任务在 api 进程内完成，无需工作进程）');
  if (!config.databaseUrl) throw new StartupError('未设置 DATABASE_URL：工作进程把任务状态写入 api 的 PostgreSQL 数据库');
  const database = await openPostgresChecked(config.databaseUrl, config.dbConnectTimeoutMs, config.dbStatementTimeoutMs);
  const has = await sql<{ t: string | null }>`select to_regclass('job')::text as t`.execute(database.db);
  if (!has.rows[0]?.t) throw new StartupError('数据库尚未初始化：请先启动 api（npm start）完成数据库迁移，再启动工作进程');
  const queueName = config.jobQueue ?? DEFAULT_JOB_QUEUE;
  const storage = await openConfiguredStorage(config);
  const jobs = createJobQueue(database.db, {
    redisUrl: config.redisUrl, queueName, concurrency: config.jobConcurrency, browserConcurrency: config.renderConcurrency ?? 1,
    dataDir: config.dataDir, storage, lockDuration: intEnv(process.env.JOB_LOCK_MS, 30_000), stalledInterval: intEnv(process.env.JOB_STALLED_MS, 30_000),
    log: { error: (e: unknown) => console.error('[job-worker]', e instanceof Error ? e.message : e) },
  });
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`[job-worker] ${signal}，正在停止（等待进行中的任务结束）…`);
    await jobs.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  console.log(`[job-worker] 已启动 pid=${process.pid} queue=${queueName} kinds=${registeredKinds().join(',')} dataDir=${config.dataDir} storage=${config.s3 ? `s3://${config.s3.bucket}` : 'local'}`);
}

main().catch((err) => {
  console.error(err instanceof StartupError ? `\n工作进程启动失败：${err.message}\n` : err);
  process.exit(1);
});
