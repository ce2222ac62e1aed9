/** SQL of score release: what the engine reads of an exam, and the one write of a release (student_score, exam_report, exam). */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { ReportSet } from './report-set.js';

type Q = Db | Tx;

/** The exam's absences (缺考): exam subject id, course code and exam student id. */
export function absences(q: Q, examId: number) {
  return q.selectFrom('subject_absence as a').innerJoin('exam_subject as s', 's.id', 'a.exam_subject_id')
    .select(['a.exam_subject_id as sid', 's.course_code as code', 'a.exam_student_id as esid']).where('s.exam_id', '=', examId).execute();
}

/** The classes the exam's students sit in, in display order. */
export function examClasses(q: Q, examId: number) {
  return q.selectFrom('school_class as c')
    .select(['c.id', 'c.name', 'c.class_type', 'c.sort'])
    .where('c.id', 'in', q.selectFrom('exam_student').select('class_id').where('exam_id', '=', examId))
    .orderBy('c.sort').orderBy('c.id').execute();
}

/** The exam's students with their class, 学籍类型 and name, by exam number. */
export function examStudents(q: Q, examId: number) {
  return q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
    .select(['es.id', 'es.student_id', 'es.exam_no', 'es.class_id', 'es.registration_type', 'st.name'])
    .where('es.exam_id', '=', examId).orderBy('es.exam_no').orderBy('es.id').execute();
}

/** Every stored score (and marked option) of some questions. */
export async function questionScores(q: Q, questionIds: number[]) {
  if (!questionIds.length) return [];
  return (await sql<{ esid: number; qid: number; score: number; choice: string | null }>`
          select exam_student_id as esid, question_id as qid, score::float8 as score, choice
          from question_score where question_id in (${sql.join(questionIds)})`.execute(q)).rows;
}

/** The exam's stored analysis settings (exam_setting rows). */
export function storedSettings(q: Q, examId: number) {
  return q.selectFrom('exam_setting').select(['course_code as courseCode', 'family', 'value']).where('exam_id', '=', examId).execute();
}

export interface ScoreColumns { esid: number[]; code: string[]; score: (number | null)[]; classRank: (number | null)[]; gradeRank: (number | null)[] }

/** Replaces the exam's student_score rows (unnest of arrays, 20,000 rows a statement). */
export async function replaceStudentScores(tx: Tx, examId: number, rows: ScoreColumns): Promise<void> {
  await tx.deleteFrom('student_score').where('exam_id', '=', examId).execute();
  const CHUNK = 20_000;
  for (let i = 0; i < rows.esid.length; i += CHUNK) {
    const end = i + CHUNK;
    await sql`insert into student_score (exam_id, exam_student_id, course_code, score, class_rank, grade_rank)
      select ${examId}, * from unnest(${rows.esid.slice(i, end)}::int[], ${rows.code.slice(i, end)}::text[],
        ${rows.score.slice(i, end)}::numeric[], ${rows.classRank.slice(i, end)}::int[], ${rows.gradeRank.slice(i, end)}::int[])`.execute(tx);
  }
}

/**
 * Stores the report set as the exam's next version; returns that version. The head (the set without its variants)
 * goes to exam_report, each variant's reports to exam_report_part, one row a report: a joint exam's whole set is
 * larger than one string or jsonb value may be.
 */
export async function upsertReport(tx: Tx, examId: number, set: ReportSet): Promise<number> {
  const head = JSON.stringify({ ...set, variants: {} });
  const row = await sql<{ version: number }>`
    insert into exam_report (exam_id, version, computed_at, data) values (${examId}, 1, now(), ${head}::jsonb)
    on conflict (exam_id) do update set version = exam_report.version + 1, computed_at = now(), data = excluded.data
    returning version`.execute(tx);
  const version = Number(row.rows[0]!.version);
  await tx.deleteFrom('exam_report_part').where('exam_id', '=', examId).execute();
  for (const [variant, reports] of Object.entries(set.variants)) {
    for (const [report, value] of Object.entries(reports)) {
      await tx.insertInto('exam_report_part').values({ exam_id: examId, variant, report, version, data: JSON.stringify(value) }).execute();
    }
  }
  return version;
}

/** Status 4 (released); released_at keeps the first release's time. */
export async function markReleased(tx: Tx, examId: number): Promise<void> {
  await tx.updateTable('exam').set({ status: 4, progress: 100, released_at: sql<Date>`coalesce(released_at, now())`, updated_at: new Date() })
    .where('id', '=', examId).execute();
}

export function examSchool(db: Q, examId: number) {
  return db.selectFrom('exam').select(['id', 'school_id']).where('id', '=', examId).executeTakeFirst();
}

/** The exam's release time and stored report version (none: null). */
export function releaseState(db: Q, examId: number) {
  return db.selectFrom('exam as e').leftJoin('exam_report as r', 'r.exam_id', 'e.id')
    .select(['e.released_at', 'r.version']).where('e.id', '=', examId).executeTakeFirst();
}
