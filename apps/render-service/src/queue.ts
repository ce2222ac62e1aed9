// RenderQueue: one interface, two implementations.
// - in-process (default, `npm start`): jobs run one at a time in this process, state kept in memory.
// - BullMQ on Redis (REDIS_URL set): jobs wait in Redis; any number of worker processes (`npm run worker
//   -w @jz/render-service`) take them. Stalled jobs (a worker died) go back to the queue (BullMQ's stalled
//   checker); transient errors retry with exponential backoff; bad input fails at once (UnrecoverableError).
import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  BadInputError, clampProgress, JOB_TYPES, JobOwnerSchema, nowSeconds, type JobInfo, type JobOwner, type JobState, type JobType,
} from './jobs.js';
import { createPrinter, type Printer } from './printer.js';
import { processJob, transientMessage } from './processors.js';

export interface RenderQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Enqueues a job and returns its id. Throws BadInputError for an unknown type or owner. */
  add(type: JobType, params: unknown, owner: JobOwner): Promise<string>;
  /** State, progress (0–100), Chinese error, owner; null when unknown (or expired). */
  get(jobId: string): Promise<JobInfo | null>;
  /** Absolute path of the finished file; null until completed. */
  resultPath(jobId: string): Promise<string | null>;
  close(): Promise<void>;
}

export interface RenderQueueOptions {
  /** Redis URL; absent → in-process queue. */
  redisUrl?: string;
  /** DATA_DIR: results go to DATA_DIR/files/jobs/<id>.<ext>. */
  dataDir: string;
  /** BullMQ queue name (default 'jz-render'); tests use their own. */
  queueName?: string;
  /** Attempts for transient errors (default 3), first retry after `backoffMs` (default 2000), doubling. */
  attempts?: number;
  backoffMs?: number;
  /** In-process only: a printer to share (default: one created on first job). */
  printer?: Printer;
  /** Students per printed chunk of a slips job. */
  slipChunk?: number;
  /** In-process only: finished jobs are forgotten this long after they ended (default 3 days; BullMQ keeps 7). */
  keepMs?: number;
}

export const DEFAULT_QUEUE = 'jz-render';

function checkAdd(type: JobType, owner: JobOwner): void {
  if (!JOB_TYPES.includes(type)) throw new BadInputError(`未知的任务类型：${String(type)}`);
  if (!JobOwnerSchema.safeParse(owner).success) throw new BadInputError('任务缺少所属学校或用户');
}

export function createRenderQueue(opts: RenderQueueOptions): RenderQueue {
  return opts.redisUrl ? createBullQueue({ ...opts, redisUrl: opts.redisUrl }) : createInProcessQueue(opts);
}

// ---- in-process -------------------------------------------------------------------------------------------

interface Rec { info: JobInfo; params: unknown }

export function createInProcessQueue(opts: RenderQueueOptions): RenderQueue {
  const jobs = new Map<string, Rec>();
  const waiting: string[] = [];
  let printer = opts.printer;
  const ownPrinter = !printer;
  let running: Promise<void> | undefined;
  let closed = false;

  const runOne = async (rec: Rec) => {
    const { info } = rec;
    info.state = 'active';
    info.attempts++;
    try {
      printer ??= createPrinter();
      const r = await processJob(info.type, rec.params, {
        printer, dataDir: opts.dataDir, jobId: info.id, slipChunk: opts.slipChunk,
        progress: (p) => { info.progress = Math.max(info.progress, clampProgress(p)); },
      });
      Object.assign(info, { state: 'completed', progress: 100, resultPath: r.resultPath, finishedAt: nowSeconds() });
    } catch (e) {
      const retry = !(e instanceof BadInputError) && info.attempts < (opts.attempts ?? 3) && !closed;
      if (retry) {
        info.state = 'waiting';
        await new Promise((res) => setTimeout(res, (opts.backoffMs ?? 2000) * 2 ** (info.attempts - 1)));
        waiting.unshift(info.id);
        return;
      }
      Object.assign(info, { state: 'failed', error: e instanceof BadInputError ? e.message : transientMessage(e), finishedAt: nowSeconds() });
    }
    rec.params = undefined; // release the input
  };
  const pump = () => {
    if (running || closed) return;
    running = (async () => {
      for (let id = waiting.shift(); id && !closed; id = waiting.shift()) await runOne(jobs.get(id)!);
    })().finally(() => { running = undefined; if (waiting.length && !closed) pump(); });
  };

  return {
    kind: 'in-process',
    async add(type, params, owner) {
      checkAdd(type, owner);
      if (closed) throw new Error('队列已关闭');
      const forgetBefore = nowSeconds() - (opts.keepMs ?? 3 * 24 * 3600_000) / 1000;
      for (const [k, r] of jobs) if (r.info.finishedAt !== undefined && r.info.finishedAt < forgetBefore) jobs.delete(k);
      const id = randomUUID();
      jobs.set(id, { params, info: { id, type, state: 'waiting', progress: 0, owner, createdAt: nowSeconds(), attempts: 0 } });
      waiting.push(id);
      queueMicrotask(pump);
      return id;
    },
    async get(id) {
      const r = jobs.get(id);
      return r ? { ...r.info } : null;
    },
    async resultPath(id) {
      const r = jobs.get(id);
      return r?.info.state === 'completed' ? r.info.resultPath ?? null : null;
    },
    async close() {
      closed = true;
      await running?.catch(() => undefined);
      if (ownPrinter) await printer?.close();
    },
  };
}

// ---- BullMQ -------------------------------------------------------------------------------------------------

interface JobData { type: JobType; params: unknown; owner: JobOwner; createdAt: number }

export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null });
}

function mapState(s: string): JobState | null {
  if (s === 'completed' || s === 'failed' || s === 'active') return s;
  if (s === 'waiting' || s === 'delayed' || s === 'prioritized' || s === 'waiting-children') return 'waiting';
  return null;
}

export function createBullQueue(opts: RenderQueueOptions & { redisUrl: string }): RenderQueue {
  const connection = redisConnection(opts.redisUrl);
  const queue = new Queue<JobData>(opts.queueName ?? DEFAULT_QUEUE, { connection });
  // Polling must stay cheap even when a job's params are megabytes (2,000 slips): owner/type live in a small
  // key of ours, progress and outcome are read field by field from BullMQ's job hash (never its 'data').
  const metaKey = (id: string) => `${queue.toKey(id)}:jz`;
  const META_TTL_S = 8 * 24 * 3600;
  const info = async (id: string): Promise<JobInfo | null> => {
    // state first, then the fields: read the other way round a job finishing in between would show
    // 'failed' without its failedReason
    const state = mapState(await queue.getJobState(id));
    if (!state) return null;
    const [metaJson, [progress, failedReason, returnvalue, attemptsMade, finishedOn]] = await Promise.all([
      connection.get(metaKey(id)),
      connection.hmget(queue.toKey(id), 'progress', 'failedReason', 'returnvalue', 'atm', 'finishedOn'), // atm = attempts made
    ]);
    if (!metaJson) return null;
    const meta = JSON.parse(metaJson) as Pick<JobData, 'type' | 'owner' | 'createdAt'>;
    const p = Number(progress ?? 0);
    let rv: { resultPath?: string } | null;
    try { rv = returnvalue ? JSON.parse(returnvalue) : null; } catch { rv = null; }
    return {
      id, type: meta.type, state, owner: meta.owner, createdAt: meta.createdAt,
      progress: state === 'completed' ? 100 : clampProgress(Number.isFinite(p) ? p : 0),
      error: state === 'failed' ? failedReason ?? '渲染失败' : undefined,
      resultPath: state === 'completed' ? rv?.resultPath : undefined,
      finishedAt: finishedOn ? Math.floor(Number(finishedOn) / 1000) : undefined,
      attempts: Number(attemptsMade ?? 0),
    };
  };
  return {
    kind: 'bullmq',
    async add(type, params, owner) {
      checkAdd(type, owner);
      const id = randomUUID();
      const createdAt = nowSeconds();
      await connection.set(metaKey(id), JSON.stringify({ type, owner, createdAt }), 'EX', META_TTL_S);
      await queue.add(type, { type, params, owner, createdAt }, {
        jobId: id,
        attempts: opts.attempts ?? 3,
        backoff: { type: 'exponential', delay: opts.backoffMs ?? 2000 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      return id;
    },
    get: info,
    async resultPath(id) {
      const i = await info(id);
      return i?.state === 'completed' ? i.resultPath ?? null : null;
    },
    async close() {
      await queue.close();
      await connection.quit().catch(() => undefined);
    },
  };
}

export interface RenderWorkerOptions {
  redisUrl: string;
  dataDir: string;
  queueName?: string;
  /** Jobs at once in this process (default 1: one Chromium, one document at a time). */
  concurrency?: number;
  /** BullMQ lock and stalled-check timing (defaults 30000 / 30000 ms); tests use short ones. */
  lockDuration?: number;
  stalledInterval?: number;
  /** How often a job may stall (worker died) before it fails (default 2). */
  maxStalledCount?: number;
  slipChunk?: number;
  parallel?: number;
}

export interface RenderWorker {
  worker: Worker<JobData>;
  printer: Printer;
  close(): Promise<void>;
}

/** A BullMQ worker with one warm Chromium. */
export function createRenderWorker(opts: RenderWorkerOptions): RenderWorker {
  const connection = redisConnection(opts.redisUrl);
  const printer = createPrinter();
  const worker = new Worker<JobData>(opts.queueName ?? DEFAULT_QUEUE, async (job) => {
    try {
      return await processJob(job.data.type, job.data.params, {
        printer, dataDir: opts.dataDir, jobId: job.id!, slipChunk: opts.slipChunk, parallel: opts.parallel,
        progress: (p) => job.updateProgress(clampProgress(p)),
      });
    } catch (e) {
      if (e instanceof BadInputError) throw new UnrecoverableError(e.message);
      throw new Error(transientMessage(e), { cause: e });
    }
  }, {
    connection,
    concurrency: opts.concurrency ?? 1,
    lockDuration: opts.lockDuration ?? 30_000,
    stalledInterval: opts.stalledInterval ?? 30_000,
    maxStalledCount: opts.maxStalledCount ?? 2,
  });
  worker.on('error', (e) => console.error('[render-worker]', e.message));
  return {
    worker,
    printer,
    async close() {
      await worker.close();
      await printer.close();
      await connection.quit().catch(() => undefined);
    },
  };
}
