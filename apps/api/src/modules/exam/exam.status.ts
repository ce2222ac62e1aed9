/**
 * Exam status (list cards): 1 考试设置 — some subject has no questions (progress = share of subjects set up);
 * 2 成绩录入 — every subject set up, scores partly entered (progress = share of subjects scored);
 * 3 待发布 — every subject scored (progress 100); 4 已发布 — set by score release (released_at), not here.
 */
import type { Db, Tx } from '../../db/database.js';
import * as repo from './exam.repository.js';

/** Recomputes the stored status 1–3 and progress of an unreleased exam from its subjects. */
export async function refreshExamStatus(q: Db | Tx, examId: number): Promise<void> {
  const exam = await repo.examReleasedAt(q, examId);
  if (!exam || exam.released_at) return;
  const subjects = await repo.subjectsOf(q, [examId]);
  const n = subjects.length || 1;
  const setUp = subjects.filter((s) => s.questionCount > 0 || s.totalsOnly).length;
  const scored = subjects.filter((s) => s.scoredCount + s.absentCount > 0).length;
  let status: number;
  let progress: number;
  if (setUp < subjects.length || !subjects.length) {
    status = 1;
    progress = Math.round((setUp / n) * 100);
  } else if (scored < subjects.length) {
    status = 2;
    progress = Math.round((scored / n) * 100);
  } else {
    status = 3;
    progress = 100;
  }
  await repo.setExamStatus(q, examId, status, progress);
}
