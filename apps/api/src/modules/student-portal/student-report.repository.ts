/** SQL of the student portal's reports: always keyed by the caller's own user id and school. */
import { resolveSetting } from '@jz/shared/api/exam-setting';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface OwnExam {
  esid: number;
  studentId: number;
  classId: number;
  examId: number;
  name: string;
  examType: number;
  releasedAt: Date | null;
  startDate: string;
  endDate: string;
  referenceExamId: number | null;
  seat: number | null;
  mode: string;
}

/** The released exams (a stored report set) in which the user's own student record sits, newest first. */
export async function ownExams(db: Db, userId: number, schoolId: number, examId?: number): Promise<OwnExam[]> {
  let q = db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').innerJoin('exam as e', 'e.id', 'es.exam_id')
    .innerJoin('exam_report as r', 'r.exam_id', 'e.id')
    .select([
      'es.id as esid', 'es.student_id as studentId', 'es.class_id as classId', 'es.seat', 'e.id as examId', 'e.name', 'e.exam_type as examType',
      'e.released_at as releasedAt', 'e.reference_exam_id as referenceExamId', 'e.mode',
      sql<string>`to_char(e.start_date, 'YYYY-MM-DD')`.as('startDate'), sql<string>`to_char(e.end_date, 'YYYY-MM-DD')`.as('endDate'),
    ])
    .where('st.user_id', '=', userId).where('st.school_id', '=', schoolId)
    // her school's own exams, and the joint exams her school takes part in (confirmed; she is one of its candidates)
    .where((eb) => eb.or([
      eb('e.school_id', '=', schoolId),
      eb.and([eb('e.mode', '=', 'joint'), eb('es.school_id', '=', schoolId), eb.exists(eb.selectFrom('exam_school as xs').select('xs.exam_id')
        .whereRef('xs.exam_id', '=', 'e.id').where('xs.school_id', '=', schoolId).where('xs.status', '=', 'confirmed'))]),
    ]));
  if (examId !== undefined) q = q.where('e.id', '=', examId);
  return q.orderBy('e.start_date', 'desc').orderBy('e.id', 'desc').execute();
}

/** Stored scores and ranks (student_score) of exam students, per course code ('TOTAL' for the total). */
export async function storedScores(db: Db, esids: number[]) {
  if (!esids.length) return [];
  const rows = await db.selectFrom('student_score').select(['exam_id', 'exam_student_id', 'course_code', 'score', 'class_rank', 'grade_rank'])
    .where('exam_student_id', 'in', esids).execute();
  return rows.map((r) => ({ ...r, score: r.score === null ? null : Number(r.score) }));
}

/** Subjects of exams with their full scores, in paper order. */
export async function examSubjects(db: Db, examIds: number[]) {
  if (!examIds.length) return [];
  const rows = await db.selectFrom('exam_subject').select(['id', 'exam_id', 'course_code', 'course_name', 'full_score'])
    .where('exam_id', 'in', examIds).orderBy('exam_id').orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, examId: r.exam_id, code: r.course_code, name: r.course_name, fullScore: Number(r.full_score) }));
}

/** The subjects making each exam's total: the first 科目组合 setting (as release computes it), else every subject. */
export async function totalCodes(db: Db, examIds: number[]): Promise<Map<number, string[]>> {
  const subjects = await examSubjects(db, examIds);
  const settings = examIds.length ? await db.selectFrom('exam_setting').select(['exam_id', 'course_code as courseCode', 'family', 'value'])
    .where('exam_id', 'in', examIds).where('family', '=', 'subjectCombos').execute() : [];
  const out = new Map<number, string[]>();
  for (const id of examIds) {
    const codes = subjects.filter((s) => s.examId === id).map((s) => s.code);
    const first = resolveSetting('subjectCombos', settings.filter((s) => s.exam_id === id)).value.combos[0];
    const chosen = first?.courseCodes.filter((c) => codes.includes(c)) ?? [];
    out.set(id, chosen.length ? chosen : codes);
  }
  return out;
}

/** A released exam of the school (exam_report present), or undefined. */
export async function releasedExam(db: Db, examId: number, schoolId: number) {
  return db.selectFrom('exam as e').innerJoin('exam_report as r', 'r.exam_id', 'e.id').select(['e.id', 'e.name'])
    .where('e.id', '=', examId).where('e.school_id', '=', schoolId).executeTakeFirst();
}

/** The same student's exam-student row in another exam. */
export async function examStudentOf(db: Db, examId: number, studentId: number) {
  return db.selectFrom('exam_student').select(['id', 'class_id']).where('exam_id', '=', examId).where('student_id', '=', studentId).executeTakeFirst();
}

/** A subject's questions (no totals-only rows) with the exam student's points and marks. */
export async function questionsWithScores(db: Db, examSubjectId: number, esid: number) {
  const rows = await db.selectFrom('question as q')
    .leftJoin('question_score as qs', (j) => j.onRef('qs.question_id', '=', 'q.id').on('qs.exam_student_id', '=', esid))
    .select(['q.id', 'q.no', 'q.type', 'q.full_score', 'q.answer', 'q.knowledge_points', 'qs.score', 'qs.choice'])
    .where('q.exam_subject_id', '=', examSubjectId).where('q.is_total', '=', false)
    .orderBy('q.sort').orderBy('q.id').execute();
  return rows.map((r) => ({
    id: r.id, no: r.no, type: r.type, fullScore: Number(r.full_score), answer: r.answer, knowledgePoints: r.knowledge_points ?? [],
    score: r.score === null ? null : Number(r.score), choice: r.choice,
  }));
}

// ---------------------------------------------------------------- the school's rank setting

export async function rankSetting(db: Db, schoolId: number) {
  const r = await db.selectFrom('student_portal_setting').select(['show_class_rank', 'show_grade_rank']).where('school_id', '=', schoolId).executeTakeFirst();
  return { showClassRank: r?.show_class_rank ?? true, showGradeRank: r?.show_grade_rank ?? true };
}

export async function saveRankSetting(db: Db, schoolId: number, userId: number, v: { showClassRank: boolean; showGradeRank: boolean }) {
  await db.insertInto('student_portal_setting')
    .values({ school_id: schoolId, show_class_rank: v.showClassRank, show_grade_rank: v.showGradeRank, updated_by: userId, updated_at: new Date() })
    .onConflict((oc) => oc.column('school_id').doUpdateSet({ show_class_rank: v.showClassRank, show_grade_rank: v.showGradeRank, updated_by: userId, updated_at: new Date() }))
    .execute();
}

// ---------------------------------------------------------------- her scanned answer sheets

/**
 * Her live scanned pages of one exam subject: status 'ok' only (not pending, abnormal or in the recycle bin) and
 * resolved to her exam student, with a stored upright image. The subject must belong to the exam.
 */
export async function ownSheetPages(db: Db, schoolId: number, examId: number, examSubjectId: number, esid: number) {
  return db.selectFrom('scan_page as p').innerJoin('exam_subject as s', 's.id', 'p.exam_subject_id')
    .select(['p.id', 'p.page_no'])
    .where('p.school_id', '=', schoolId).where('s.exam_id', '=', examId).where('p.exam_subject_id', '=', examSubjectId)
    .where('p.exam_student_id', '=', esid).where('p.status', '=', 'ok').where('p.image_key', 'is not', null)
    .orderBy('p.page_no').orderBy('p.id').execute();
}

/** One live page of the school with its exam (to check against her released exams), or undefined. */
export async function sheetPage(db: Db, schoolId: number, pageId: number) {
  return db.selectFrom('scan_page as p').innerJoin('exam_subject as s', 's.id', 'p.exam_subject_id')
    .select(['p.id', 'p.exam_student_id', 'p.image_key', 's.exam_id'])
    .where('p.id', '=', pageId).where('p.school_id', '=', schoolId).where('p.status', '=', 'ok').executeTakeFirst();
}
