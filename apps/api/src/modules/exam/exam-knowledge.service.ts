/**
 * Knowledge points of a subject's questions (question_template/save_knowledge, standard_answer/find_knowledge and
 * save_knowledge). A change after release recomputes the reports in the same transaction (试卷分析 and the student
 * report show 知识点得分率), through the score writes' settle step.
 */
import type { KnowledgeSheet } from '@jz/shared/api/standard-answer';
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { canEditSubject, subjectFor, type SchoolUser } from './exam.access.js';
import { findQuestions } from './exam-question.service.js';
import * as repo from './exam.repository.js';
import * as questionRepo from './exam-question.repository.js';
import { touchReports, withScoreWrites } from '../score/score-write.service.js';

/** Writes the knowledge points of some questions of the subject (checked to be its own); returns how many changed. */
export async function writeKnowledge(db: Db, user: SchoolUser, examSubjectId: number, items: { questionId: number; knowledgePoints: string[] }[]): Promise<number> {
  const { exam } = await subjectFor(db, user, examSubjectId, 'edit');
  const ids = [...new Set(items.map((i) => i.questionId))];
  if (ids.length !== items.length) throw new BizError('同一道题出现了多次');
  const own = await questionRepo.ownQuestionIds(db, examSubjectId, ids);
  if (own.length !== ids.length) throw new BizError('题目不属于该科目');
  const current = new Map((await repo.questionsOf(db, [examSubjectId])).map((q) => [q.id, q.knowledgePoints]));
  const changed = items
    .map((i) => ({ id: i.questionId, points: [...new Set(i.knowledgePoints.map((p) => p.trim()).filter(Boolean))] }))
    .filter((i) => (current.get(i.id) ?? []).join('\u0000') !== i.points.join('\u0000'));
  if (!changed.length) return 0;
  await withScoreWrites(db, exam.id, async (tx) => {
    for (const c of changed) await questionRepo.updateQuestion(tx, c.id, { knowledge_points: c.points });
    if (exam.releasedAt) touchReports(tx);
  });
  return changed.length;
}

export async function saveKnowledge(db: Db, user: SchoolUser, examSubjectId: number, items: { questionId: number; knowledgePoints: string[] }[]) {
  await writeKnowledge(db, user, examSubjectId, items);
  return findQuestions(db, user, examSubjectId);
}

/** standard_answer/save_knowledge: the sheet after the save and its message. */
export async function saveKnowledgeSheet(db: Db, user: SchoolUser, examSubjectId: number, items: { questionId: number; knowledgePoints: string[] }[]) {
  const n = await writeKnowledge(db, user, examSubjectId, items);
  return { data: await findKnowledge(db, user, examSubjectId), msg: n ? '保存成功' : '知识点没有变化' };
}

/** standard_answer/find_knowledge: each question's knowledge points, and each point with its questions. */
export async function findKnowledge(db: Db, user: SchoolUser, examSubjectId: number): Promise<KnowledgeSheet> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId);
  const questions = await repo.questionsOf(db, [examSubjectId]);
  const points = new Map<string, { questionNos: string[]; fullScore: number }>();
  for (const q of questions) {
    for (const name of q.knowledgePoints) {
      const p = points.get(name) ?? { questionNos: [], fullScore: 0 };
      p.questionNos.push(q.no);
      p.fullScore = Math.round((p.fullScore + q.fullScore) * 100) / 100;
      points.set(name, p);
    }
  }
  return {
    examSubjectId,
    courseName: subject.course_name,
    editable: canEditSubject(user, exam, subject.course_code),
    released: !!exam.releasedAt,
    questions: questions.map((q) => ({ id: q.id, no: q.no, type: q.type, fullScore: q.fullScore, knowledgePoints: q.knowledgePoints })),
    points: [...points].map(([name, p]) => ({ name, ...p })),
  };
}
