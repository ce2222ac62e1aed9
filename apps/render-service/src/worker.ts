// Worker process: `npm run worker -w @jz/render-service` (or `node --import tsx apps/render-service/src/worker.ts`).
// Env: REDIS_URL (required), DATA_DIR (default <repo>/data; must be the api's DATA_DIR, a shared volume across
// machines), RENDER_QUEUE, RENDER_CONCURRENCY (1), RENDER_LOCK_MS / RENDER_STALLED_MS (30000),
// RENDER_SLIP_CHUNK (students per printed chunk: 30 with two tabs, 50 with one), RENDER_PARALLEL (chunks printed at once in separate tabs, 2; use 1 on a
// machine where the worker should take only one core).
import './production-env.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRenderWorker, DEFAULT_QUEUE } from './queue.js';

export const DEFAULT_DATA_DIR = path.resolve(import.meta.dirname, '../../../data');

const int = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) ? Number(v) : d);

export function startWorkerFromEnv(env = process.env) {
  if (!env.REDIS_URL) throw new Error('未设置 REDIS_URL：渲染工作进程需要 Redis（嵌入模式下渲染在 api 进程内完成）');
  const dataDir = path.resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR);
  const w = createRenderWorker({
    redisUrl: env.REDIS_URL,
    dataDir,
    queueName: env.RENDER_QUEUE ?? DEFAULT_QUEUE,
    concurrency: int(env.RENDER_CONCURRENCY, 1),
    lockDuration: int(env.RENDER_LOCK_MS, 30_000),
    stalledInterval: int(env.RENDER_STALLED_MS, 30_000),
    slipChunk: env.RENDER_SLIP_CHUNK ? int(env.RENDER_SLIP_CHUNK, 30) : undefined,
    parallel: int(env.RENDER_PARALLEL, 2),
  });
  const stop = async (signal: string) => {
    console.log(`[render-worker] ${signal}，正在停止…`);
    await w.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  w.worker.on('ready', () => console.log(`[render-worker] 已启动 pid=${process.pid} queue=${env.RENDER_QUEUE ?? DEFAULT_QUEUE} dataDir=${dataDir}`));
  w.worker.on('active', (job) => console.log(`[render-worker] active ${job.id} ${job.name}`));
  w.worker.on('completed', (job) => console.log(`[render-worker] completed ${job.id}`));
  w.worker.on('failed', (job, e) => console.log(`[render-worker] failed ${job?.id}: ${e.message}`));
  return w;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) startWorkerFromEnv();
