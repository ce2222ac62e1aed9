/**
 * The one path by which scanning writes scores: objective answers (option letters) scored with the key and the
 * partial-credit rule (score/scoring.ts) into question_score — the same rows the Excel import writes, with the
 * letters kept in `choice` so that a key change re-scores them (exam-question.service rescoreChoices) — and 缺考
 * into subject_absence. Callers hold the exam lock. When the score module's shared write path lands, only
 * writeObjectiveAnswers' body changes.
 */
import type { Tx } from '../../db/database.js';
import { insertAbsences, insertScores } from '../score/score.repository.js';
import { round2, scoreChoice, type QType } from '../score/scoring.js';
import { clearAnswers } from './scan.repository.js';

export interface ObjectiveQuestion { id: number; type: string; fullScore: number; step: number; answer: string | null; partialScore: number | null }
export interface AnswerRow { examStudentId: number; absent: boolean; answers: { questionId: number; choice: string | null }[] }

/** Points of one recognised answer: blank or no key → 0. */
export function pointsOf(q: ObjectiveQuestion, choice: string | null): number {
  if (!choice || !q.answer) return 0;
  return round2(scoreChoice({ type: q.type as QType, fullScore: q.fullScore, step: q.step, answer: q.answer, partialScore: q.partialScore }, choice));
}

/** Replaces these students' objective scores (or records them 缺考) in one exam subject. */
export async function writeObjectiveAnswers(tx: Tx, examSubjectId: number, questions: ObjectiveQuestion[], rows: AnswerRow[]): Promise<void> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  await clearAnswers(tx, examSubjectId, rows.map((r) => r.examStudentId), questions.map((q) => q.id), rows.filter((r) => r.absent).map((r) => r.examStudentId));
  await insertAbsences(tx, examSubjectId, rows.filter((r) => r.absent).map((r) => r.examStudentId));
  const out = { studentIds: [] as number[], questionIds: [] as number[], scores: [] as number[], choices: [] as (string | null)[] };
  for (const r of rows) {
    if (r.absent) continue;
    for (const a of r.answers) {
      const q = byId.get(a.questionId);
      if (!q) continue;
      out.studentIds.push(r.examStudentId);
      out.questionIds.push(q.id);
      out.scores.push(pointsOf(q, a.choice));
      out.choices.push(a.choice || null);
    }
  }
  if (out.studentIds.length) await insertScores(tx, out);
}
