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

export interface CardSummaryRow {
  examSubjectId: number;
  examId: number;
  examName: string;
  courseCode: string;
  subjectName: string;
  settings: unknown;
  layout: unknown;
  scannedBatches: number;
  updatedBy: string | null;
  updatedAt: Date | null;
}

function summarySelect(q: Q, schoolId: number) {
  return q.selectFrom('exam_subject as s').innerJoin('exam as e', 'e.id', 's.exam_id')
    .leftJoin('answer_card as c', (j) => j.onRef('c.exam_subject_id', '=', 's.id').on('c.school_id', '=', schoolId))
    .leftJoin('app_user as u', 'u.id', 'c.updated_by')
    .select([
      's.id as examSubjectId', 'e.id as examId', 'e.name as examName', 's.course_code as courseCode', 's.course_name as subjectName',
      'c.settings', 'c.layout', 'u.user_name as updatedBy', 'c.updated_at as updatedAt',
      sql<number>`(select count(*)::int from scan_batch b where b.exam_subject_id = s.id)`.as('scannedBatches'),
    ])
    .where('e.school_id', '=', schoolId);
}

/** Every subject of the exam with its saved card (if any), in the exam's subject order. */
export async function examCards(q: Q, schoolId: number, examId: number): Promise<CardSummaryRow[]> {
  return summarySelect(q, schoolId).where('e.id', '=', examId).orderBy('s.sort').orderBy('s.id').execute();
}

/** The school's saved cards in the given grades (or all), newest save first, one page. */
export async function schoolCards(q: Q, schoolId: number, f: { gradeIds: number[] | 'all'; examId?: number }, current: number, size: number) {
  let base = summarySelect(q, schoolId).where('c.exam_subject_id', 'is not', null);
  if (f.gradeIds !== 'all') base = f.gradeIds.length ? base.where('e.grade_id', 'in', f.gradeIds) : base.where(sql<boolean>`false`);
  if (f.examId) base = base.where('e.id', '=', f.examId);
  const { total } = await base.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows: CardSummaryRow[] = await base.orderBy('c.updated_at', 'desc').orderBy('s.id', 'desc').limit(size).offset((current - 1) * size).execute();
  return { rows, total: Number(total) };
}

/** Deletes the saved cards of the exam's subjects; how many there were. */
export async function deleteExamCards(q: Q, schoolId: number, examId: number): Promise<number> {
  const r = await q.deleteFrom('answer_card').where('school_id', '=', schoolId)
    .where('exam_subject_id', 'in', q.selectFrom('exam_subject').select('id').where('exam_id', '=', examId)).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Batches scanned for the subject. */
export async function scannedBatches(q: Q, examSubjectId: number): Promise<number> {
  const r = await q.selectFrom('scan_batch').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_subject_id', '=', examSubjectId).executeTakeFirstOrThrow();
  return Number(r.n);
}
