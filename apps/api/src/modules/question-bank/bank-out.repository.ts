/** SQL of the question bank's way out (exam questions into the bank, 组卷, 错题本); every query names the school. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export function examSubject(db: Q, schoolId: number, examId: number, courseCode: string) {
  return db.selectFrom('exam_subject as s').innerJoin('exam as e', 'e.id', 's.exam_id')
    .select(['s.id', 's.course_code', 's.course_name', 'e.name as exam_name', 'e.status'])
    .where('e.school_id', '=', schoolId).where('s.exam_id', '=', examId).where('s.course_code', '=', courseCode).executeTakeFirst();
}

/** The subject's questions that carry scores (not the 总分 rows), in paper order. */
export function subjectQuestions(db: Q, examSubjectId: number) {
  return db.selectFrom('question').select(['id', 'no', 'type', 'full_score', 'answer', 'knowledge_points'])
    .where('exam_subject_id', '=', examSubjectId).where('is_total', '=', false).orderBy('sort').orderBy('id').execute();
}

export function bankBySource(db: Q, schoolId: number, questionIds: number[]) {
  if (!questionIds.length) return Promise.resolve([]);
  return db.selectFrom('bank_question').select(['id', 'source_question_id', 'stem', 'analysis'])
    .where('school_id', '=', schoolId).where('source_question_id', 'in', questionIds).execute();
}

export interface NewBankRow {
  school_id: number; course_code: string; type: 'single' | 'multiple' | 'judge' | 'fill' | 'subjective'; stem: string; options: string; answer: string;
  difficulty: number | null; discrimination: number | null; source_exam_id: number; source_question_id: number; created_by: number;
}

export function insertFromExam(db: Q, rows: NewBankRow[]) {
  if (!rows.length) return Promise.resolve([]);
  return db.insertInto('bank_question').values(rows.map((r) => ({ ...r, tags: ['考试'] }))).returning(['id', 'source_question_id']).execute();
}

/** Re-adding refreshes the measured values, type and key; the stem, analysis and tags a teacher edited stay. */
export function refreshFromExam(db: Q, schoolId: number, bankId: number, v: { type: 'single' | 'multiple' | 'judge' | 'fill' | 'subjective'; answer: string; difficulty: number | null; discrimination: number | null; source_exam_id: number }) {
  return db.updateTable('bank_question').set({ ...v, updated_at: new Date() }).where('school_id', '=', schoolId).where('id', '=', bankId).execute();
}

export async function addPoints(db: Q, pairs: { question_id: number; point_id: number }[]) {
  if (!pairs.length) return;
  await db.insertInto('bank_question_point').values(pairs).onConflict((oc) => oc.columns(['question_id', 'point_id']).doNothing()).execute();
}

/** Candidates of 组卷: a course's questions, optionally only those linked to one of pointIds. */
export function candidates(db: Q, schoolId: number, courseCode: string, types: string[], pointIds: number[] | null) {
  let q = db.selectFrom('bank_question as q').select(['q.id', 'q.type', 'q.difficulty'])
    .where('q.school_id', '=', schoolId).where('q.course_code', '=', courseCode).where('q.type', 'in', types as never[]);
  if (pointIds) {
    q = q.where((eb) => eb.exists(eb.selectFrom('bank_question_point as qp').select('qp.point_id').whereRef('qp.question_id', '=', 'q.id').where('qp.point_id', 'in', pointIds)));
  }
  return q.orderBy('q.id').execute();
}

/** Per student of the class who sat the subject: their score on each question. */
export function classScores(db: Q, examId: number, examSubjectId: number, classId: number) {
  return db.selectFrom('question_score as qs').innerJoin('exam_student as es', 'es.id', 'qs.exam_student_id')
    .innerJoin('student as st', 'st.id', 'es.student_id').innerJoin('question as q', 'q.id', 'qs.question_id')
    .select(['es.id as examStudentId', 'es.exam_no', 'st.name', 'q.no', sql<number>`qs.score::float8`.as('score')])
    .where('es.exam_id', '=', examId).where('es.class_id', '=', classId).where('q.exam_subject_id', '=', examSubjectId).where('q.is_total', '=', false)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('subject_absence as a').select('a.exam_student_id')
      .whereRef('a.exam_student_id', '=', 'es.id').where('a.exam_subject_id', '=', examSubjectId))))
    .orderBy('es.exam_no').orderBy('q.sort').execute();
}
