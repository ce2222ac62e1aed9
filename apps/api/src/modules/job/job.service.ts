/**
 * The one job layer for all long work: release, big imports, rendering (reports, slips, cards, Excel), and
 * next recognition — each a kind registered with registerJobKind.
 *
 * - State lives in the `job` table only (queued → running → done | failed, progress 0–100, step, message,
 *   result, error, heartbeat), so any api instance answers a progress poll, whichever process runs the job.
 * - Lanes: 'default' kinds run on any executor; 'browser' kinds (rendering: they need Chromium) run one at a
 *   time per process with one warm Chromium.
 * - Execution: in this process by default (`npm start`, no Redis); with REDIS_URL through BullMQ — queue
 *   JOB_QUEUE (default jz-jobs) for the default lane, JOB_QUEUE-browser for the browser lane. Api instances
 *   work the default lane; standalone workers (`npm run worker`, src/worker.ts) work both. Whoever takes a job
 *   claims its row (queued → running): a job BullMQ delivers twice runs once.
 * - A running job heartbeats (5 s); one silent for 60 s (its process died) is marked failed with a Chinese
 *   message by the next process that looks (lock checks, polls, the 30 s sweep). Kinds that may run again
 *   (`recoverable`: rendering) are taken over instead when BullMQ hands a stalled job to another worker.
 * - Transient errors (TransientJobError) are retried with exponential backoff up to the kind's `attempts`.
 * - A job's final write goes through `commit`: one transaction that holds the exam lock (jobs with locks_exam),
 *   checks the job is still running (not failed as stale meanwhile), writes, and marks the job done.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
// the printer (Chromium, React templates, ECharts: ≈ 200 MB) is loaded on the first print job, not at start
import type { Printer } from '@jz/render-service/printer';
import type { Db, Tx } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { liveLease, lockExam } from './exam-lock.repository.js';
import type { Storage } from '../../core/storage.js';
import { localStorageConfig, openStorage } from '../../core/storage-open.js';
import * as repo from './job.repository.js';

export type JobLane = 'default' | 'browser';

export interface JobContext<P = unknown> {
  db: Db;
  job: repo.JobRow;
  params: P;
  /** DATA_DIR of the process running the job: its own scratch files (work/); shared files are in storage. */
  dataDir: string;
  /** The store every api instance and worker shares (DATA_DIR/files or the S3 bucket). */
  storage: Storage;
  /** The process's warm Chromium (browser lane). */
  printer(): Promise<Printer>;
  /** The job runs inside the api process (no Redis): printing is kept lighter there (render.jobs.ts). */
  inProcess?: boolean;
  /** Records progress (coalesced; written with the heartbeat). */
  progress(percent: number, step?: number, message?: string): void;
  /** The job's final write in one transaction (exam lock, still running, then done with the result). */
  commit<T>(fn: (tx: Tx) => Promise<T>, opts?: { message?: string; result?: (r: T) => unknown }): Promise<T>;
}
export type JobHandler<P = any> = (c: JobContext<P>) => Promise<unknown>;
type ProgressHook = (percent: number, step: number | undefined, message: string | undefined) => void;

/** A failure worth another attempt (the message is shown if no attempt is left). */
export class TransientJobError extends Error {}

export interface KindOptions {
  failMessage?: string;
  lane?: JobLane;
  /** Attempts for transient errors (default 1); the first retry after backoffMs (default 2000), doubling. */
  attempts?: number;
  backoffMs?: number;
  /** May run again from the start when its worker died (BullMQ stalled job). */
  recoverable?: boolean;
  /** Called when the job ends for good (done or failed), just before its final state is written, in the process that ran it: clean-up of inputs. */
  onEnd?: (c: { dataDir: string; storage: Storage; job: repo.JobRow }) => Promise<void>;
}
interface Kind extends Required<Omit<KindOptions, 'onEnd'>> { handler: JobHandler; onEnd?: KindOptions['onEnd'] }
const kinds = new Map<string, Kind>();

/** Declares what a job kind runs (module load time; code, not state). */
export function registerJobKind<P>(kind: string, handler: JobHandler<P>, opts: KindOptions = {}): void {
  kinds.set(kind, {
    handler: handler as JobHandler, failMessage: opts.failMessage ?? '任务失败：服务器内部错误', lane: opts.lane ?? 'default',
    attempts: Math.max(1, opts.attempts ?? 1), backoffMs: opts.backoffMs ?? 2000, recoverable: opts.recoverable ?? false, onEnd: opts.onEnd,
  });
}
const laneOf = (kind: string): JobLane => kinds.get(kind)?.lane ?? 'default';
export const registeredKinds = () => [...kinds.keys()];

const workerName = () => `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** What a process lends the jobs it runs. */
export interface JobEnv { dataDir: string; storage: Storage; printer(): Promise<Printer>; inProcess?: boolean }
const noPrinter = (): Promise<Printer> => Promise.reject(new Error('此进程不运行渲染任务'));
const noStore = (): Promise<never> => Promise.reject(new Error('此进程没有配置文件存储'));
/** The store of a process that was given none: every call fails (a job that needs files is a caller's bug there). */
const noStorage: Storage = { put: noStore, getStream: noStore, getBytes: noStore, stat: noStore, delete: noStore, list: noStore, entries: noStore };

export interface RunOptions {
  onProgress?: ProgressHook;
  log?: Pick<Console, 'error'>;
  worker?: string;
  /** What the process lends the job (a part: the rest has no printer, no storage, no scratch folder). */
  env?: Partial<JobEnv>;
  /** A stalled job handed out again (BullMQ): take it over once its heartbeat is this old, if its kind allows. */
  takeover?: boolean;
}
/** done / failed: ended; retry: queued again for another attempt; none: not taken (someone else has it, or ended). */
export type RunOutcome = 'done' | 'failed' | 'retry' | 'none';

/** Runs a queued job in this process to its end; never throws (the outcome is in the row). */
export async function runJob(db: Db, id: string, opts: RunOptions = {}): Promise<RunOutcome> {
  const log = opts.log ?? console;
  const env: JobEnv = { dataDir: '', storage: noStorage, printer: noPrinter, ...opts.env };
  const peek = opts.takeover ? await repo.findJob(db, id).catch(() => undefined) : undefined;
  const takeover = peek && kinds.get(peek.kind)?.recoverable ? repo.jobTiming.takeoverS : undefined;
  const job = await repo.claimJob(db, id, opts.worker ?? workerName(), takeover).catch((e) => { log.error(e); return undefined; });
  if (!job) return 'none';
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
  const beat = setInterval(() => { if (!pending) { pending = {}; schedule(); } }, repo.jobTiming.heartbeatMs);
  let committed = false;
  const ctx: JobContext = {
    db, job, params: job.params, dataDir: env.dataDir, storage: env.storage, printer: env.printer, inProcess: env.inProcess,
    progress(percent, step, message) {
      opts.onProgress?.(percent, step, message);
      const had = pending !== null;
      pending = { progress: percent, step, message };
      if (!had) schedule();
    },
    async commit(fn, o = {}) {
      await chain;
      const out = await db.transaction().execute(async (tx) => {
        if (job.locksExam && job.examId) await lockExam(tx, job.examId);
        if (!(await repo.stillRunning(tx, id))) throw new BizError(repo.STALE_MSG);
        const r = await fn(tx);
        await repo.finishJob(tx, id, o.result ? o.result(r) : null, o.message);
        return r;
      });
      committed = true;
      return out;
    },
  };
  // inputs are cleaned up before the final state is written: a job seen ended has left nothing behind
  const end = () => kind?.onEnd?.({ dataDir: env.dataDir, storage: env.storage, job }).catch((e) => log.error(e));
  let outcome: RunOutcome;
  try {
    if (!kind) throw new BizError(`未知的任务类型：${job.kind}`);
    const result = await kind.handler(ctx);
    await chain;
    await end();
    if (!committed) await repo.finishJob(db, id, result);
    outcome = 'done';
  } catch (err) {
    await chain;
    if (err instanceof TransientJobError && kind && job.attempts < kind.attempts) {
      log.error(err);
      const requeued = await repo.requeueJob(db, id, `${err.message}，正在重试（第 ${job.attempts + 1} 次）`).catch((e) => { log.error(e); return false; });
      outcome = requeued ? 'retry' : 'failed';
    } else {
      if (!(err instanceof BizError)) log.error(err);
      const message = err instanceof BizError || err instanceof TransientJobError ? err.message : kind?.failMessage ?? '任务失败：服务器内部错误';
      const detail = err instanceof BizError && (err.code !== 400 || err.data !== null) ? { code: err.code, data: err.data } : undefined;
      await end();
      await repo.failJob(db, id, message, detail).catch((e) => log.error(e));
      outcome = 'failed';
    }
  } finally {
    clearInterval(beat);
  }
  return outcome;
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
  /** BullMQ queue name of the default lane (JOB_QUEUE, default jz-jobs); the browser lane's is `<name>-browser`. */
  queueName?: string;
  /** Default-lane jobs at once in this process (JOB_CONCURRENCY, default 2); 0 with BullMQ: this process only enqueues. */
  concurrency?: number;
  /** Browser-lane jobs at once (default: 1 in-process; 0 with BullMQ — the standalone workers take them). */
  browserConcurrency?: number;
  /** DATA_DIR: the jobs' scratch files (work/). */
  dataDir?: string;
  /** Where jobs read inputs and write results (default: DATA_DIR/files). */
  storage?: Storage;
  /** A printer to share (tests); default: one Chromium started on the first browser job. */
  printer?: Printer;
  /** BullMQ worker lock and stalled-check timing (defaults 30000 / 30000 ms); tests use short ones. */
  lockDuration?: number;
  stalledInterval?: number;
  log?: Pick<Console, 'error'>;
}

export const DEFAULT_JOB_QUEUE = 'jz-jobs';
const SWEEP_MS = 30_000;

export function createJobQueue(db: Db, opts: JobQueueOptions = {}): JobQueue {
  const log = opts.log ?? console;
  const workerId = workerName();
  let printer: Promise<Printer> | undefined = opts.printer ? Promise.resolve(opts.printer) : undefined;
  // in the api process (no Redis) the printer's tabs collect their garbage after every document: the api, its
  // embedded database and Chromium share one machine's memory (docs/DECISIONS.md "Printing within memory")
  const inProcess = !opts.redisUrl;
  const env: JobEnv = {
    dataDir: opts.dataDir ?? '', storage: opts.storage ?? (opts.dataDir ? openStorage(localStorageConfig(opts.dataDir)) : noStorage), inProcess,
    printer: () => (printer ??= import('@jz/render-service/printer').then((m) => m.createPrinter(inProcess ? { gcAfterBytes: Number(process.env.RENDER_GC_BYTES ?? 1) } : {}))),
  };
  const closePrinter = async () => { if (!opts.printer && printer) await (await printer).close().catch(() => undefined); };
  const run = (id: string, takeover = false) => runJob(db, id, { log, worker: workerId, env, takeover });
  if (opts.redisUrl) return bullQueue(db, opts.redisUrl, opts, { log, workerId, run, closePrinter });
  // in-process: one waiting list per lane; a retry waits its backoff, then queues again
  const limits: Record<JobLane, number> = { default: Math.max(1, opts.concurrency ?? 2), browser: Math.max(1, opts.browserConcurrency ?? 1) };
  const waiting: Record<JobLane, string[]> = { default: [], browser: [] };
  const delayed = new Map<string, NodeJS.Timeout>();
  const active = new Map<Promise<unknown>, JobLane>();
  let closed = false;
  const pump = () => {
    for (const lane of ['default', 'browser'] as const) {
      while (!closed && [...active.values()].filter((l) => l === lane).length < limits[lane] && waiting[lane].length) {
        const id = waiting[lane].shift()!;
        const p: Promise<unknown> = run(id).then(async (outcome) => {
          if (outcome !== 'retry' || closed) return;
          const j = await repo.findJob(db, id);
          const wait = (kinds.get(j?.kind ?? '')?.backoffMs ?? 2000) * 2 ** Math.max(0, (j?.attempts ?? 1) - 1);
          delayed.set(id, setTimeout(() => { delayed.delete(id); waiting[lane].push(id); pump(); }, wait));
        }).finally(() => { active.delete(p); pump(); });
        active.set(p, lane);
      }
    }
  };
  // queued jobs held here stay alive; every instance also fails dead jobs now and then
  const sweeper = setInterval(() => {
    void repo.touchQueued(db, [...waiting.default, ...waiting.browser, ...delayed.keys()]).catch((e) => log.error(e));
    void repo.failStale(db).catch((e) => log.error(e));
  }, SWEEP_MS).unref();
  return {
    kind: 'in-process',
    workerId,
    async submit(id, kind) {
      if (closed) throw new Error('任务队列已关闭');
      waiting[laneOf(kind)].push(id);
      setImmediate(pump);
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      for (const t of delayed.values()) clearTimeout(t);
      await Promise.all([...active.keys()]);
      await closePrinter();
    },
  };
}

interface BullParts { log: Pick<Console, 'error'>; workerId: string; run: (id: string, takeover?: boolean) => Promise<RunOutcome>; closePrinter: () => Promise<void> }

// BullMQ and ioredis (≈ 16 MB resident) load only when REDIS_URL is set; synchronously, so createJobQueue stays sync.
const loadModule = createRequire(import.meta.url);

function bullQueue(db: Db, redisUrl: string, opts: JobQueueOptions, p: BullParts): JobQueue {
  const { Queue, Worker } = loadModule('bullmq') as typeof import('bullmq');
  const { Redis } = loadModule('ioredis') as typeof import('ioredis');
  const { log } = p;
  const base = opts.queueName ?? DEFAULT_JOB_QUEUE;
  const names: Record<JobLane, string> = { default: base, browser: `${base}-browser` };
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queues = { default: new Queue<{ id: string }>(names.default, { connection }), browser: new Queue<{ id: string }>(names.browser, { connection }) };
  const counts: Record<JobLane, number> = { default: opts.concurrency ?? 2, browser: opts.browserConcurrency ?? 0 };
  const workers: Worker<{ id: string }>[] = [];
  const workerConnections: Redis[] = [];
  for (const lane of ['default', 'browser'] as const) {
    if (counts[lane] <= 0) continue;
    const wc = new Redis(redisUrl, { maxRetriesPerRequest: null });
    workerConnections.push(wc);
    const w = new Worker<{ id: string }>(names[lane], async (j) => {
      // a second delivery (stalled worker, or a retry) may take over a job whose worker died
      const outcome = await p.run(j.data.id, true);
      if (outcome === 'retry') throw new Error('任务将重试'); // BullMQ waits the backoff, then delivers again
      if (outcome === 'none') {
        // the row is still running under a live heartbeat elsewhere: wait until it ends or its worker is dead
        for (;;) {
          const row = await repo.findJob(db, j.data.id);
          if (!row || row.state === 'done' || row.state === 'failed') return;
          if (row.state === 'queued' || Date.now() - new Date(row.heartbeatAt).getTime() > repo.jobTiming.takeoverS * 1000) {
            if ((await p.run(j.data.id, true)) === 'retry') throw new Error('任务将重试');
            return;
          }
          await new Promise((r) => setTimeout(r, repo.jobTiming.heartbeatMs));
        }
      }
    }, {
      connection: wc, concurrency: counts[lane], lockDuration: opts.lockDuration ?? 30_000, stalledInterval: opts.stalledInterval ?? 30_000, maxStalledCount: 2,
    });
    w.on('error', (e) => log.error(e));
    workers.push(w);
  }
  // queued rows that wait in Redis stay alive; every instance also fails dead jobs now and then
  const sweep = async () => {
    const lanes = (['default', 'browser'] as const).filter((l) => counts[l] > 0);
    const held = await Promise.all(lanes.map((l) => queues[l].getJobs(['waiting', 'delayed', 'prioritized'], 0, 999)));
    await repo.touchQueued(db, held.flat().map((j) => j?.data?.id).filter((x): x is string => !!x));
    await repo.failStale(db);
  };
  const sweeper = setInterval(() => void sweep().catch((e) => log.error(e)), SWEEP_MS).unref();
  return {
    kind: 'bullmq',
    workerId: p.workerId,
    async submit(id, kind) {
      const k = kinds.get(kind);
      await queues[laneOf(kind)].add(kind, { id }, {
        jobId: id, attempts: k?.attempts ?? 1, backoff: { type: 'exponential', delay: k?.backoffMs ?? 2000 },
        removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 },
      });
    },
    async close() {
      clearInterval(sweeper);
      for (const w of workers) await w.close();
      await queues.default.close();
      await queues.browser.close();
      for (const wc of workerConnections) await wc.quit().catch(() => undefined);
      await connection.quit().catch(() => undefined);
      await p.closePrinter();
    },
  };
}

/**
 * Creates a job row and hands it to the queue (queue null: the caller runs it with runJob). A job that locks
 * its exam is inserted under the exam's advisory lock and refused (409, `busy`) while another holds the lease.
 */
export async function createJob(db: Db, queue: JobQueue | null, j: Omit<repo.NewJob, 'id'> & { id?: string }, busy?: (lease: repo.JobRow) => string): Promise<string> {
  const id = j.id ?? randomUUID();
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

/** The job once it is done or failed, or undefined if it is still active after `ms` (routes that wait a bounded time). */
export async function jobWithin(db: Db, id: string, ms: number): Promise<repo.JobRow | undefined> {
  const started = Date.now();
  for (let pause = 25; ; pause = Math.min(250, pause * 2)) {
    const j = await repo.findJob(db, id);
    if (!j || j.state === 'done' || j.state === 'failed') return j;
    if (Date.now() - started >= ms) return undefined;
    await new Promise((r) => setTimeout(r, pause));
  }
}

/** Test and seed hook: waits until a job is done or failed. */
export async function waitForJob(db: Db, id: string, timeoutMs = 120_000): Promise<repo.JobRow> {
  const j = await jobWithin(db, id, timeoutMs);
  if (!j) throw new Error(`job ${id} timeout`);
  return j;
}
