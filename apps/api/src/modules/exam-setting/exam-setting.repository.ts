/** SQL of the per-exam analysis settings (exam_setting; course_code null = the whole exam). */
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export interface StoredSetting { id: number; courseCode: string | null; family: string; value: unknown }

export function storedOf(db: Q, examId: number): Promise<StoredSetting[]> {
  return db.selectFrom('exam_setting').select(['id', 'course_code as courseCode', 'family', 'value']).where('exam_id', '=', examId).execute();
}

/** The exam's subject codes in paper order. */
export async function subjectCodes(db: Q, examId: number): Promise<string[]> {
  const rows = await db.selectFrom('exam_subject').select('course_code').where('exam_id', '=', examId).orderBy('sort').execute();
  return rows.map((r) => r.course_code);
}

/** Where a family's value at one level (courseCode null: the whole exam) is stored. */
function atLevel(db: Q, examId: number, family: string, courseCode: string | null) {
  const q = db.selectFrom('exam_setting').select('id').where('exam_id', '=', examId).where('family', '=', family);
  return courseCode === null ? q.where('course_code', 'is', null) : q.where('course_code', '=', courseCode);
}

/** Stores a value (JSON text) at one level, replacing the one stored there. */
export async function upsertSetting(tx: Q, examId: number, courseCode: string | null, family: string, value: string, userId: number): Promise<void> {
  const row = await atLevel(tx, examId, family, courseCode).executeTakeFirst();
  if (row) await tx.updateTable('exam_setting').set({ value, updated_by: userId, updated_at: new Date() }).where('id', '=', row.id).execute();
  else await tx.insertInto('exam_setting').values({ exam_id: examId, course_code: courseCode, family, value, updated_by: userId }).execute();
}

/** Removes the value stored at one level. */
export async function deleteSetting(db: Q, examId: number, family: string, courseCode: string | null): Promise<void> {
  let q = db.deleteFrom('exam_setting').where('exam_id', '=', examId).where('family', '=', family);
  q = courseCode === null ? q.where('course_code', 'is', null) : q.where('course_code', '=', courseCode);
  await q.execute();
}

export function settingById(db: Q, id: number) {
  return db.selectFrom('exam_setting').select(['id', 'exam_id', 'course_code', 'family']).where('id', '=', id).executeTakeFirst();
}

export async function insertSettings(db: Q, rows: { exam_id: number; course_code: string | null; family: string; value: string; updated_by: number }[]): Promise<void> {
  if (rows.length) await db.insertInto('exam_setting').values(rows).execute();
}

/** The school's other exams of a grade, newest first. */
export function otherExamsOfGrade(db: Q, schoolId: number, gradeId: number, exceptExamId: number) {
  return db.selectFrom('exam').select(['id', 'name', 'exam_type as examType', 'start_date as startDate'])
    .where('school_id', '=', schoolId).where('grade_id', '=', gradeId).where('id', '<>', exceptExamId)
    .orderBy('start_date', 'desc').orderBy('id', 'desc').execute();
}
