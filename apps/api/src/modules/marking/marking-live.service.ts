/**
 * Who may watch an exam's marking live: a user of the exam's school who leads at least one of its blocks (题组长,
 * or may edit the block's subject: marking.access leadsBlock), the same people monitor/topicList shows blocks to.
 */
import type { Db } from '../../db/database.js';
import { loadAuthUser } from '../../core/auth.js';
import { forbidden, notFound } from '../../core/http.js';
import * as examRepo from '../exam/exam.repository.js';
import { leadsBlock, type SchoolUser } from './marking.access.js';
import type { EndReason } from './marking-live.hub.js';
import { versions } from './marking-live.repository.js';
import * as repo from './marking.repository.js';

/** Refuses (404 / 403) unless the caller may watch the exam. */
async function assertWatches(db: Db, user: SchoolUser, examId: number): Promise<void> {
  const exam = await examRepo.findExam(db, examId);
  if (!exam) throw notFound('考试');
  if (exam.schoolId !== user.schoolId) throw forbidden();
  if (!(await repo.blocksOfExam(db, user.schoolId, examId)).some((b) => leadsBlock(user, b))) throw forbidden();
}

/** Refuses (404 / 403) unless the caller may watch the exam; answers its current version. */
export async function monitorVersion(db: Db, user: SchoolUser, examId: number): Promise<number> {
  await assertWatches(db, user, examId);
  return (await versions(db, [examId])).get(examId) ?? 0;
}

/** Checked again while a stream is open: the session (logout, disabled account) and the access (roles changed). */
export async function recheck(db: Db, token: string, examId: number): Promise<EndReason | null> {
  const user = await loadAuthUser(db, token);
  if (!user || user.schoolId === null) return 'logout';
  if (!user.permissions.has('exam:marking:do')) return 'forbidden';
  try {
    await assertWatches(db, { ...user, schoolId: user.schoolId }, examId);
    return null;
  } catch {
    return 'forbidden';
  }
}
