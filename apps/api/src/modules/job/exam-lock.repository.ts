/**
 * The exam's score lock, held in the database so that it works across api instances.
 *
 * Two parts:
 * - a transaction-scoped advisory lock (pg_advisory_xact_lock) taken by every write of an exam's scores
 *   (imports, score edits, question set-up that clears or re-scores, correction approve, a release's final
 *   write, and the creation of a release job): such writes run one after another, and the lock dies with the
 *   transaction or its connection;
 * - a lease for long work: a job row with locks_exam (a release) that is queued or running. Writes that find a
 *   lease are refused at once with a Chinese message (code 409) rather than made to wait the whole release;
 *   the lease ends when the job ends, or when its heartbeat is stale (the process died: failStale).
 * A release inserts its job row under the advisory lock, so a write either commits before the release starts
 * reading, or sees the lease and is refused: what is published is what is stored.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { examLease, failStale, type JobRow } from './job.repository.js';

/** First key of the advisory lock: this application's exam score lock ('JZ'). */
const EXAM_LOCK_SPACE = 0x4a5a;

/** Refusal when a job holds the exam (per job kind). */
const BUSY: Record<string, string> = { release: '成绩正在发布，请稍后再试' };
export const busyMessage = (lease: Pick<JobRow, 'kind'>) => BUSY[lease.kind] ?? '该考试的成绩正在处理中，请稍后再试';

/** Takes the exam's advisory lock for the rest of the transaction (waits while another transaction holds it). */
export async function lockExam(tx: Tx, examId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${EXAM_LOCK_SPACE}::int, ${examId}::int)`.execute(tx);
}

/** Under the lock: the live lease of the exam, after failing a dead one. */
export async function liveLease(tx: Tx, examId: number): Promise<JobRow | undefined> {
  await failStale(tx, examId);
  return examLease(tx, examId);
}

export interface ExamLockOptions {
  /** Refuse with this message when the exam is (by now) released. */
  unreleased?: string;
}

/**
 * Runs fn in one transaction holding the exam's score lock: refused (409) while a release (or other exam job)
 * holds the lease; with `unreleased`, refused when the exam was released meanwhile.
 */
export async function withExamLock<T>(db: Db, examId: number, fn: (tx: Tx) => Promise<T>, opts: ExamLockOptions = {}): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await lockExam(tx, examId);
    const lease = await liveLease(tx, examId);
    if (lease) throw new BizError(busyMessage(lease), 409);
    if (opts.unreleased) {
      const e = await tx.selectFrom('exam').select('released_at').where('id', '=', examId).executeTakeFirst();
      if (e?.released_at) throw new BizError(opts.unreleased);
    }
    return fn(tx);
  });
}
