/** SQL of score entry: exam students for matching, option counts, one student's scores (writes: score-write.repository.ts). */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

/** schoolId: the candidate's school (a joint exam's candidates come from several). */
export interface ImportStudent { id: number; examNo: string; name: string; className: string; classSort: number; schoolId: number }

export async function examStudents(q: Q, examId: number): Promise<ImportStudent[]> {
  return q.selectFrom('exam_student as es')
    .innerJoin('student as st', 'st.id', 'es.student_id')
    .innerJoin('school_class as c', 'c.id', 'es.class_id')
    .select(['es.id', 'es.exam_no as examNo', 'st.name', 'c.name as className', 'c.sort as classSort', 'es.school_id as schoolId'])
    .where('es.exam_id', '=', examId)
    .orderBy('c.sort').orderBy('c.id').orderBy('es.exam_no')
    .execute();
}

/** 选项个数 of the saved answer cards of these exam subjects (a subject without a saved card is absent: 4). */
export async function cardOptionCounts(q: Q, schoolId: number, examSubjectIds: number[]): Promise<Map<number, number>> {
  if (!examSubjectIds.length) return new Map();
  const rows = await q.selectFrom('answer_card')
    .select(['exam_subject_id as id', sql<number | null>`(settings->>'optionCount')::int`.as('n')])
    .where('school_id', '=', schoolId).where('exam_subject_id', 'in', examSubjectIds).execute();
  return new Map(rows.filter((r) => r.n !== null).map((r) => [r.id, Number(r.n)]));
}

/** The synthetic 总分 question of a totals-only subject, created when missing. */
export async function ensureTotalQuestion(q: Q, examSubjectId: number, fullScore: number, no: string): Promise<number> {
  const row = await q.selectFrom('question').select('id').where('exam_subject_id', '=', examSubjectId).where('is_total', '=', true).executeTakeFirst();
  if (row) {
    await q.updateTable('question').set({ full_score: fullScore }).where('id', '=', row.id).execute();
    return row.id;
  }
  const created = await q.insertInto('question').values({
    exam_subject_id: examSubjectId, no, sort: 0, type: 'subjective', full_score: fullScore, step: 0.5, is_total: true,
  }).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

/** One student's scores, through the primary key with the exam's question ids. */
export async function studentScores(q: Q, examStudentId: number, questionIds: number[]) {
  if (!questionIds.length) return [];
  return q.selectFrom('question_score').select(['question_id as questionId', 'score', 'choice'])
    .where('question_id', 'in', questionIds).where('exam_student_id', '=', examStudentId).execute();
}

export async function studentAbsences(q: Q, examStudentId: number): Promise<number[]> {
  const rows = await q.selectFrom('subject_absence').select('exam_subject_id').where('exam_student_id', '=', examStudentId).execute();
  return rows.map((r) => r.exam_subject_id);
}

/** How each subject of a joint exam is scored (学校导入 / 各校阅卷 / 混合阅卷), by exam subject id. */
export async function jointScoringOf(q: Q, examId: number): Promise<Map<number, string>> {
  const rows = await q.selectFrom('exam_subject').select(['id', 'joint_scoring']).where('exam_id', '=', examId).execute();
  return new Map(rows.map((r) => [r.id, r.joint_scoring]));
}
