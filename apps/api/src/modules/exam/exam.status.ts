/**
 * Exam status (list cards; docs/DOMAIN-RULES.md §6, 成绩完整度): 1 考试设置 — some subject has no questions (progress
 * = share of subjects set up); 2 成绩录入 — every subject set up, some score still missing (progress = scores stored ÷
 * scores needed, marks online marking decided counted as they come: exam.service adds them when the card is read;
 * below 100 until every score is in); 3 待发布 — every present student has every score of every subject (progress 100);
 * 4 已发布 — set by score release (released_at), not here.
 */
import type { Db, Tx } from '../../db/database.js';
import { scoreCells } from './exam.completeness.js';
import * as repo from './exam.repository.js';

/** Recomputes the stored status 1–3, progress and score cells of an unreleased exam from its subjects and scores. */
export async function refreshExamStatus(q: Db | Tx, examId: number): Promise<void> {
  const exam = await repo.examReleasedAt(q, examId);
  if (!exam || exam.released_at) return;
  const subjects = await repo.subjectsOf(q, [examId]);
  const n = subjects.length || 1;
  const setUp = subjects.filter((s) => s.questionCount > 0 || s.totalsOnly).length;
  if (setUp < subjects.length || !subjects.length) {
    await repo.setExamStatus(q, examId, 1, Math.round((setUp / n) * 100), { needed: 0, done: 0 });
    return;
  }
  const [questions, students, stored, absences] = await Promise.all([
    repo.questionsOf(q, subjects.map((s) => s.id), true), repo.examStudentNames(q, examId), repo.storedScoreCounts(q, examId), repo.absencesOf(q, examId),
  ]);
  const cells = [...scoreCells(subjects, questions, students, stored, absences).values()];
  const needed = cells.reduce((a, c) => a + c.cellsNeeded, 0);
  const done = cells.reduce((a, c) => a + c.cellsDone, 0);
  if (done >= needed) await repo.setExamStatus(q, examId, 3, 100, { needed, done });
  else await repo.setExamStatus(q, examId, 2, examProgress(2, 0, needed, done, 0), { needed, done });
}

/**
 * The progress an exam card shows: status 2 counts stored scores and the marks online marking decided, floored and
 * kept below 100 until every score is stored; the other statuses their stored progress.
 */
export function examProgress(status: number, stored: number, needed: number, done: number, decided: number): number {
  if (status !== 2 || needed <= 0) return Math.max(0, Math.min(100, stored));
  return Math.max(0, Math.min(99, Math.floor(((done + decided) / needed) * 100)));
}
