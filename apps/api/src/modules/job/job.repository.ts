/**
 * SQL of the job table (migrations/0010_jobs.ts). Times come from the database clock (now()), so instances
 * with skewed clocks agree on which heartbeat is stale.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { JobStateCol } from '../../db/schema.js';

type Q = Db | Tx;

/** A running job refreshes its heartbeat this often; it is dead after RUNNING_STALE_S without one. */
export const HEARTBEAT_MS = 5_000;
export const RUNNING_STALE_S = 60;
/** A queued job nobody took for this long (no worker) is given up too. */
export const QUEUED_STALE_S = 600;
export const STALE_MSG = '任务中断：处理任务的服务已停止，请重新操作';

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
  runner?: 'job' | 'render';
}

export async function insertJob(q: Q, j: NewJob): Promise<void> {
  await q.insertInto('job').values({
    id: j.id, kind: j.kind, school_id: j.schoolId, exam_id: j.examId ?? null, created_by: j.createdBy ?? null,
    params: j.params === undefined ? null : JSON.stringify(j.params), locks_exam: j.locksExam ?? false, step: j.step ?? 0, message: j.message ?? '', runner: j.runner ?? 'job',
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

/** queued → running for exactly one taker (another instance, or BullMQ re-delivering a job, gets undefined). */
export async function claimJob(q: Q, id: string, worker: string): Promise<JobRow | undefined> {
  return q.updateTable('job')
    .set({ state: 'running', attempts: sql`attempts + 1`, started_at: sql`now()`, heartbeat_at: sql`now()`, worker })
    .where('id', '=', id).where('state', '=', 'queued').where('runner', '=', 'job')
    .returning(columns).executeTakeFirst() as Promise<JobRow | undefined>;
}

/** Heartbeat with the latest progress (a finished or failed job is left alone). */
export async function touchJob(q: Q, id: string, p: { progress?: number; step?: number; message?: string } = {}): Promise<void> {
  await q.updateTable('job').set({
    heartbeat_at: sql`now()`,
    ...(p.progress === undefined ? {} : { progress: Math.max(0, Math.min(100, Math.round(p.progress))) }),
    ...(p.step === undefined ? {} : { step: p.step }),
    ...(p.message === undefined ? {} : { message: p.message }),
  }).where('id', '=', id).where('state', '=', 'running').execute();
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

export async function failJob(q: Q, id: string, error: string): Promise<void> {
  await q.updateTable('job').set({ state: 'failed', error, message: error, finished_at: sql`now()` })
    .where('id', '=', id).where('state', 'in', ['queued', 'running']).execute();
}

/** Marks failed every active job whose process died (stale heartbeat); of one exam, or all. Returns how many. */
export async function failStale(q: Q, examId?: number): Promise<number> {
  let u = q.updateTable('job').set({ state: 'failed', error: STALE_MSG, message: STALE_MSG, finished_at: sql`now()` })
    .where((eb) => eb.or([
      eb.and([eb('state', '=', 'running'), eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${RUNNING_STALE_S})`)]),
      eb.and([eb('state', '=', 'queued'), eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${QUEUED_STALE_S})`)]),
    ])).where('runner', '=', 'job');
  if (examId !== undefined) u = u.where('exam_id', '=', examId);
  const r = await u.executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/** The active job holding an exam's lease (queued or running, locks_exam). */
export async function examLease(q: Q, examId: number): Promise<JobRow | undefined> {
  return q.selectFrom('job').select(columns).where('exam_id', '=', examId).where('locks_exam', '=', true)
    .where('state', 'in', ['queued', 'running']).executeTakeFirst() as Promise<JobRow | undefined>;
}

/** A render job's state as the render queue reports it (written only when it changed). */
export async function mirrorJob(q: Q, id: string, s: { state: JobStateCol; progress: number; error: string | null; result?: unknown }): Promise<void> {
  const end = s.state === 'done' || s.state === 'failed';
  await q.updateTable('job').set({
    state: s.state, progress: Math.max(0, Math.min(100, Math.round(s.progress))), error: s.error, heartbeat_at: sql`now()`,
    ...(s.error ? { message: s.error } : {}),
    ...(end ? { finished_at: sql`coalesce(finished_at, now())` } : {}),
    ...(s.result === undefined ? {} : { result: JSON.stringify(s.result) }),
  }).where('id', '=', id).where('runner', '=', 'render')
    .where((eb) => eb.or([eb('state', '!=', s.state), eb('progress', '!=', Math.round(s.progress))]))
    .execute();
}
