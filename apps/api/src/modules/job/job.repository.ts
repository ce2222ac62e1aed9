/**
 * SQL of the job table (migrations/0010_jobs.ts). Times come from the database clock (now()), so instances
 * with skewed clocks agree on which heartbeat is stale.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { JobStateCol } from '../../db/schema.js';

type Q = Db | Tx;

const envInt = (name: string, d: number) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : d);

/**
 * Timing of liveness (JOB_HEARTBEAT_MS, JOB_STALE_S, JOB_QUEUED_STALE_S, JOB_TAKEOVER_S; tests shorten them):
 * a running job refreshes its heartbeat every heartbeatMs and is dead after runningStaleS without one; a queued
 * job that no live executor holds for queuedStaleS (no worker) is given up; a job BullMQ hands out again after
 * its worker stalled is taken over once its heartbeat is takeoverS old (kinds that may run again).
 */
export const jobTiming = {
  heartbeatMs: envInt('JOB_HEARTBEAT_MS', 5_000),
  runningStaleS: envInt('JOB_STALE_S', 60),
  queuedStaleS: envInt('JOB_QUEUED_STALE_S', 600),
  takeoverS: envInt('JOB_TAKEOVER_S', 15),
};
export const STALE_MSG = '任务中断：处理任务的服务已停止，请重新操作';
export const QUEUED_STALE_MSG = '任务等待超时：没有可用的工作进程处理该任务，请稍后重试或联系管理员';

export interface JobRow {
  id: string;
  kind: string;
  schoolId: number | null;
  examId: number | null;
  createdBy: number | null;
  state: JobStateCol;
  progress: number;
  step: number;
  message: string;
  params: unknown;
  result: unknown;
  error: string | null;
  attempts: number;
  locksExam: boolean;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  heartbeatAt: Date;
}

const columns = [
  'id', 'kind', 'school_id as schoolId', 'exam_id as examId', 'created_by as createdBy', 'state', 'progress', 'step', 'message',
  'params', 'result', 'error', 'attempts', 'locks_exam as locksExam', 'created_at as createdAt', 'started_at as startedAt',
  'finished_at as finishedAt', 'heartbeat_at as heartbeatAt',
] as const;

export interface NewJob {
  id: string;
  kind: string;
  schoolId: number | null;
  examId?: number | null;
  createdBy?: number | null;
  params?: unknown;
  locksExam?: boolean;
  step?: number;
  message?: string;
}

export async function insertJob(q: Q, j: NewJob): Promise<void> {
  await q.insertInto('job').values({
    id: j.id, kind: j.kind, school_id: j.schoolId, exam_id: j.examId ?? null, created_by: j.createdBy ?? null,
    params: j.params === undefined ? null : JSON.stringify(j.params), locks_exam: j.locksExam ?? false, step: j.step ?? 0, message: j.message ?? '',
  }).execute();
}

export async function findJob(q: Q, id: string): Promise<JobRow | undefined> {
  return q.selectFrom('job').select(columns).where('id', '=', id).executeTakeFirst() as Promise<JobRow | undefined>;
}

/** The newest job of a kind for an exam. */
export async function latestJob(q: Q, examId: number, kind: string): Promise<JobRow | undefined> {
  return q.selectFrom('job').select(columns).where('exam_id', '=', examId).where('kind', '=', kind)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst() as Promise<JobRow | undefined>;
}

/**
 * queued → running for exactly one taker (another instance, or BullMQ re-delivering a job, gets undefined).
 * With `takeover`, a running job whose heartbeat is that many seconds old (its worker died) is taken too.
 */
export async function claimJob(q: Q, id: string, worker: string, takeover?: number): Promise<JobRow | undefined> {
  return q.updateTable('job')
    .set({ state: 'running', attempts: sql`attempts + 1`, started_at: sql`now()`, heartbeat_at: sql`now()`, worker })
    .where('id', '=', id).where('runner', '=', 'job')
    .where((eb) => (takeover === undefined ? eb('state', '=', 'queued') : eb.or([
      eb('state', '=', 'queued'),
      eb.and([eb('state', '=', 'running'), eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${takeover})`)]),
    ])))
    .returning(columns).executeTakeFirst() as Promise<JobRow | undefined>;
}

/** running → queued again for a retry after a transient error (the message says so). */
export async function requeueJob(q: Q, id: string, message: string): Promise<boolean> {
  const r = await q.updateTable('job').set({ state: 'queued', message, heartbeat_at: sql`now()` })
    .where('id', '=', id).where('state', '=', 'running').returning('id').executeTakeFirst();
  return !!r;
}

/** Keeps queued jobs that a live executor holds (waiting in its memory or in Redis) from being given up. */
export async function touchQueued(q: Q, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await q.updateTable('job').set({ heartbeat_at: sql`now()` }).where('id', 'in', ids).where('state', '=', 'queued').execute();
}

/**
 * Heartbeat with the latest progress (a finished or failed job is left alone). A row locked by the job's own final
 * transaction (commit: stillRunning … finishJob, which beats too) is skipped, not waited for: the beat must not
 * queue behind a long commit until the statement timeout.
 */
export async function touchJob(q: Q, id: string, p: { progress?: number; step?: number; message?: string } = {}): Promise<void> {
  const free = q.selectFrom('job').select('id').where('id', '=', id).forUpdate().skipLocked();
  await q.updateTable('job').set({
    heartbeat_at: sql`now()`,
    ...(p.progress === undefined ? {} : { progress: Math.max(0, Math.min(100, Math.round(p.progress))) }),
    ...(p.step === undefined ? {} : { step: p.step }),
    ...(p.message === undefined ? {} : { message: p.message }),
  }).where('id', 'in', free).where('state', '=', 'running').execute();
}

/** Locks the job row; true when it is still running (not failed as stale meanwhile). */
export async function stillRunning(tx: Tx, id: string): Promise<boolean> {
  const r = await tx.selectFrom('job').select('state').where('id', '=', id).forUpdate().executeTakeFirst();
  return r?.state === 'running';
}

export async function finishJob(q: Q, id: string, result: unknown, message?: string): Promise<boolean> {
  const r = await q.updateTable('job').set({
    state: 'done', progress: 100, result: result === undefined ? null : JSON.stringify(result), finished_at: sql`now()`, heartbeat_at: sql`now()`,
    ...(message === undefined ? {} : { message }),
  }).where('id', '=', id).where('state', '=', 'running').returning('id').executeTakeFirst();
  return !!r;
}

/** Fails an active job with its Chinese message; `detail` (code and data of the refusal) goes to result. */
export async function failJob(q: Q, id: string, error: string, detail?: { code: number; data: unknown }): Promise<void> {
  await q.updateTable('job').set({
    state: 'failed', error, message: error, finished_at: sql`now()`,
    ...(detail ? { result: JSON.stringify({ error: detail }) } : {}),
  }).where('id', '=', id).where('state', 'in', ['queued', 'running']).execute();
}

/**
 * Marks failed every active job whose process died (stale heartbeat), or that no executor holds (queued too
 * long); of one exam, one job, or all. Returns how many.
 */
export async function failStale(q: Q, examId?: number, jobId?: string): Promise<number> {
  let n = 0;
  for (const [state, secs, msg] of [['running', jobTiming.runningStaleS, STALE_MSG], ['queued', jobTiming.queuedStaleS, QUEUED_STALE_MSG]] as const) {
    let u = q.updateTable('job').set({ state: 'failed', error: msg, message: msg, finished_at: sql`now()` })
      .where('state', '=', state).where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${secs})`).where('runner', '=', 'job');
    if (examId !== undefined) u = u.where('exam_id', '=', examId);
    if (jobId !== undefined) u = u.where('id', '=', jobId);
    n += Number((await u.executeTakeFirst()).numUpdatedRows ?? 0);
  }
  return n;
}

/** The active job holding an exam's lease (queued or running, locks_exam). */
export async function examLease(q: Q, examId: number): Promise<JobRow | undefined> {
  return q.selectFrom('job').select(columns).where('exam_id', '=', examId).where('locks_exam', '=', true)
    .where('state', 'in', ['queued', 'running']).executeTakeFirst() as Promise<JobRow | undefined>;
}
