/** SQL of saved answer-sheet cards (answer_card); every query names the caller's school. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export interface CardRow {
  settings: unknown;
  layout: unknown;
  updatedBy: string | null;
  updatedAt: Date;
}

/** The saved card of an exam subject of the school, with the name of who saved it. */
export async function findCard(q: Q, schoolId: number, examSubjectId: number): Promise<CardRow | undefined> {
  return q.selectFrom('answer_card as c').leftJoin('app_user as u', 'u.id', 'c.updated_by')
    .select(['c.settings', 'c.layout', 'u.user_name as updatedBy', 'c.updated_at as updatedAt'])
    .where('c.school_id', '=', schoolId).where('c.exam_subject_id', '=', examSubjectId).executeTakeFirst();
}

/** Stores (or replaces) the card of an exam subject. */
export async function saveCard(q: Q, row: { schoolId: number; examSubjectId: number; settings: unknown; layout: unknown; userId: number }): Promise<void> {
  const values = { settings: JSON.stringify(row.settings), layout: JSON.stringify(row.layout), updated_by: row.userId, updated_at: new Date() };
  await q.insertInto('answer_card').values({ school_id: row.schoolId, exam_subject_id: row.examSubjectId, ...values })
    .onConflict((oc) => oc.column('exam_subject_id').doUpdateSet(values).where('answer_card.school_id', '=', row.schoolId))
    .execute();
}

/** Deletes the saved card; true when there was one. */
export async function deleteCard(q: Q, schoolId: number, examSubjectId: number): Promise<boolean> {
  const r = await q.deleteFrom('answer_card').where('school_id', '=', schoolId).where('exam_subject_id', '=', examSubjectId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Longest 考号 of the exam's students (0 when none). */
export async function longestExamNo(q: Q, examId: number): Promise<number> {
  const r = await q.selectFrom('exam_student').select(sql<number | null>`max(length(exam_no))::int`.as('n')).where('exam_id', '=', examId).executeTakeFirst();
  return Number(r?.n ?? 0) || 0;
}
