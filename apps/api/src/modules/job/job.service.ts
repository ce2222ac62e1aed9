/**
 * The one job layer for long work (release; render jobs are recorded here too; next: recognition).
 *
 * - State lives in the `job` table only (queued → running → done | failed, progress 0–100, step, message,
 *   result, error, heartbeat), so any api instance answers a progress poll.
 * - Execution: in this process by default; with REDIS_URL through BullMQ (queue JOB_QUEUE, default jz-jobs):
 *   every api instance runs a worker, and whichever takes the job claims its row (queued → running) — a job
 *   BullMQ delivers twice (stalled) runs once.
 * - A running job heartbeats every 5 s; one silent for 60 s (its process died) is marked failed by the next
 *   instance that looks (lock checks, progress polls, the 30 s sweep) and is not re-run: the user starts it again.
 * - A job's final write goes through `commit`: one transaction that holds the exam lock (jobs with locks_exam),
 *   checks the job is still running (not failed as stale meanwhile), writes, and marks the job done.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Db, Tx } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { liveLease, lockExam } from './exam-lock.repository.js';
import * as repo from './job.repository.js';

export interface JobContext<P = unknown> {
  db: Db;
  job: repo.JobRow;
  params: P;
  /** Records progress (coalesced; written with the heartbeat). */
  progress(percent: number, step?: number, message?: string): void;
  /** The job's final write in one transaction (exam lock, still running, then done with the result). */
  commit<T>(fn: (tx: Tx) => Promise<T>, opts?: { message?: string; result?: (r: T) => unknown }): Promise<T>;
}
export type JobHandler<P = any> = (c: JobContext<P>) => Promise<unknown>;
type ProgressHook = (percent: number, step: number | undefined, message: string | undefined) => void;

interface Kind { handler: JobHandler; failMessage: string }
const kinds = new Map<string, Kind>();

/** Declares what a job kind runs (module load time; code, not state). */
export function registerJobKind<P>(kind: string, handler: JobHandler<P>, opts: { failMessage?: string } = {}): void {
  kinds.set(kind, { handler: handler as JobHandler, failMessage: opts.failMessage ?? '任务失败：服务器内部错误' });
}

const workerName = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Runs a queued job in this process to its end; never throws (the outcome is in the row). */
export async function runJob(db: Db, id: string, onProgress?: ProgressHook, log: Pick<Console, 'error'> = console, worker = workerName()): Promise<void> {
  const job = await repo.claimJob(db, id, worker).catch((e) => { log.error(e); return undefined; });
  if (!job) return; // another worker has it, or it was failed / finished already
  const kind = kinds.get(job.kind);
  let pending: { progress?: number; step?: number; message?: string } | null = null;
  let chain = Promise.resolve();
  const schedule = () => {
    chain = chain.then(async () => {
      const p = pending;
      pending = null;
      if (p) await repo.touchJob(db, id, p).catch((e) => log.error(e));
    });
  };
  const beat = setInterval(() => { if (!pending) { pending = {}; schedule(); } }, repo.HEARTBEAT_MS);
  let committed = false;
  const ctx: JobContext = {
    db, job, params: job.params,
    progress(percent, step, message) {
      onProgress?.(percent, step, message);
      const had = pending !== null;
      pending = { progress: percent, step, message };
      if (!had) schedule();
    },
    async commit(fn, opts = {}) {
      await chain;
      const out = await db.transaction().execute(async (tx) => {
        if (job.locksExam && job.examId) await lockExam(tx, job.examId);
        if (!(await repo.stillRunning(tx, id))) throw new BizError(repo.STALE_MSG);
        const r = await fn(tx);
        await repo.finishJob(tx, id, opts.result ? opts.result(r) : null, opts.message);
        return r;
      });
      committed = true;
      return out;
    },
  };
  try {
    if (!kind) throw new BizError(`未知的任务类型：${job.kind}`);
    const result = await kind.handler(ctx);
    await chain;
    if (!committed) await repo.finishJob(db, id, result);
  } catch (err) {
    if (!(err instanceof BizError)) log.error(err);
    await chain;
    await repo.failJob(db, id, err instanceof BizError ? err.message : kind?.failMessage ?? '任务失败：服务器内部错误').catch((e) => log.error(e));
  } finally {
    clearInterval(beat);
  }
}

export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Recorded in job.worker for the jobs this queue's executors run. */
  readonly workerId: string;
  /** Hands a queued job row to the executors. */
  submit(id: string, kind: string): Promise<void>;
  close(): Promise<void>;
}

export interface JobQueueOptions {
  redisUrl?: string;
  /** BullMQ queue name (JOB_QUEUE, default jz-jobs); tests use their own. */
  queueName?: string;
  /** Jobs at once in this process (JOB_CONCURRENCY, default 2); 0 with BullMQ: this instance only enqueues. */
  concurrency?: number;
  log?: Pick<Console, 'error'>;
}

export const DEFAULT_JOB_QUEUE = 'jz-jobs';
const SWEEP_MS = 30_000;

export function createJobQueue(db: Db, opts: JobQueueOptions = {}): JobQueue {
  const log = opts.log ?? console;
  const concurrency = opts.concurrency ?? 2;
  const workerId = workerName();
  // every instance fails dead jobs now and then (also done lazily by lock checks and polls)
  const sweeper = setInterval(() => void repo.failStale(db).catch((e) => log.error(e)), SWEEP_MS).unref();
  if (opts.redisUrl) {
    const connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
    const name = opts.queueName ?? DEFAULT_JOB_QUEUE;
    const queue = new Queue<{ id: string }>(name, { connection });
    let worker: Worker<{ id: string }> | undefined;
    let workerConnection: Redis | undefined;
    if (concurrency > 0) {
      workerConnection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
      worker = new Worker<{ id: string }>(name, (j) => runJob(db, j.data.id, undefined, log, workerId), { connection: workerConnection, concurrency });
      worker.on('error', (e) => log.error(e));
    }
    return {
      kind: 'bullmq',
      workerId,
      async submit(id, kind) {
        await queue.add(kind, { id }, { jobId: id, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } });
      },
      async close() {
        clearInterval(sweeper);
        await worker?.close();
        await queue.close();
        await workerConnection?.quit().catch(() => undefined);
        await connection.quit().catch(() => undefined);
      },
    };
  }
  const waiting: string[] = [];
  const active = new Set<Promise<void>>();
  let closed = false;
  const pump = () => {
    while (!closed && active.size < Math.max(1, concurrency) && waiting.length) {
      const p: Promise<void> = runJob(db, waiting.shift()!, undefined, log, workerId).finally(() => { active.delete(p); pump(); });
      active.add(p);
    }
  };
  return {
    kind: 'in-process',
    workerId,
    async submit(id) {
      if (closed) throw new Error('任务队列已关闭');
      waiting.push(id);
      setImmediate(pump);
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      await Promise.all([...active]);
    },
  };
}

/**
 * Creates a job row and hands it to the queue (queue null: the caller runs it with runJob). A job that locks
 * its exam is inserted under the exam's advisory lock and refused (409, `busy`) while another holds the lease.
 */
export async function createJob(db: Db, queue: JobQueue | null, j: Omit<repo.NewJob, 'id'>, busy?: (lease: repo.JobRow) => string): Promise<string> {
  const id = randomUUID();
  if (j.locksExam && j.examId) {
    const examId = j.examId;
    try {
      await db.transaction().execute(async (tx) => {
        await lockExam(tx, examId);
        const lease = await liveLease(tx, examId);
        if (lease) throw new BizError(busy?.(lease) ?? '该考试正在处理中，请稍后再试', 409);
        await repo.insertJob(tx, { ...j, id });
      });
    } catch (e) {
      // the unique index job_exam_lock backs the check up
      if (!(e instanceof BizError) && (e as { code?: string }).code === '23505') throw new BizError(busy?.({ kind: j.kind } as repo.JobRow) ?? '该考试正在处理中，请稍后再试', 409);
      throw e;
    }
  } else {
    await repo.insertJob(db, { ...j, id });
  }
  if (queue) {
    try {
      await queue.submit(id, j.kind);
    } catch (e) {
      await repo.failJob(db, id, '任务提交失败，请稍后再试');
      throw e;
    }
  }
  return id;
}

/** Test and seed hook: waits until a job is done or failed. */
export async function waitForJob(db: Db, id: string, timeoutMs = 120_000): Promise<repo.JobRow> {
  const started = Date.now();
  for (;;) {
    const j = await repo.findJob(db, id);
    if (!j || j.state === 'done' || j.state === 'failed') return j!;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${id} timeout`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
