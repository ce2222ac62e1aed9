/** SQL of 多科考试管理: the exam's subjects, candidates (optionally of one school), stored scores, 缺考 and exclusions. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export function subjects(q: Q, examId: number) {
  return q.selectFrom('exam_subject').select(['id', 'course_code as courseCode', 'course_name as courseName', 'full_score as fullScore', 'exam_date as examDate'])
    .where('exam_id', '=', examId).orderBy('sort').orderBy('id').execute();
}

/** The school's part of a joint exam it takes part in (joined or confirmed), if any. */
export function participation(q: Q, examId: number, schoolId: number) {
  return q.selectFrom('exam_school').select(['status']).where('exam_id', '=', examId).where('school_id', '=', schoolId)
    .where('status', 'in', ['joined', 'confirmed']).executeTakeFirst();
}

export interface CandidateRow {
  id: number; examNo: string; name: string; schoolId: number; schoolName: string; classId: number; className: string;
  room: string; seat: number | null;
}

/** The exam's candidates in school, class and 考号 order; schoolId narrows to one school's part. */
export function candidates(q: Q, examId: number, f: { schoolId?: number; classId?: number; keyword?: string } = {}): Promise<CandidateRow[]> {
  let b = q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').innerJoin('school_class as c', 'c.id', 'es.class_id')
    .innerJoin('school as sc', 'sc.id', 'es.school_id')
    .select(['es.id', 'es.exam_no as examNo', 'st.name', 'es.school_id as schoolId', 'sc.name as schoolName', 'es.class_id as classId', 'c.name as className', 'es.room', 'es.seat'])
    .where('es.exam_id', '=', examId);
  if (f.schoolId) b = b.where('es.school_id', '=', f.schoolId);
  if (f.classId) b = b.where('es.class_id', '=', f.classId);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    b = b.where((eb) => eb.or([eb('st.name', 'like', like), eb('es.exam_no', 'like', like)]));
  }
  return b.orderBy('sc.name').orderBy('es.school_id').orderBy('c.sort').orderBy('c.id').orderBy('es.exam_no').orderBy('es.id').execute();
}

/** Each candidate's stored score per subject (sum of its question scores; a row only where a score is stored). */
export async function subjectScores(q: Q, examId: number): Promise<{ esid: number; sid: number; score: number }[]> {
  return (await sql<{ esid: number; sid: number; score: number }>`
    select qs.exam_student_id as esid, q.exam_subject_id as sid, sum(qs.score)::float8 as score
    from question_score qs join question q on q.id = qs.question_id join exam_subject s on s.id = q.exam_subject_id
    where s.exam_id = ${examId} group by qs.exam_student_id, q.exam_subject_id`.execute(q)).rows;
}

export function absences(q: Q, examId: number) {
  return q.selectFrom('subject_absence as a').innerJoin('exam_subject as s', 's.id', 'a.exam_subject_id')
    .select(['a.exam_student_id as esid', 'a.exam_subject_id as sid']).where('s.exam_id', '=', examId).execute();
}

export function exclusions(q: Q, examId: number) {
  return q.selectFrom('exam_subject_excluded as x').innerJoin('exam_subject as s', 's.id', 'x.exam_subject_id')
    .select(['x.exam_student_id as esid', 'x.exam_subject_id as sid']).where('s.exam_id', '=', examId).execute();
}

/** Of the given candidates, those with a scanned sheet, a score or a 缺考 in the subject (the predicate of exam-room's withSubjectData). */
export async function idsWithSubjectData(q: Q, examSubjectId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const r = await sql<{ id: number }>`select es.id from exam_student es where es.id in (${sql.join(ids)}) and (
      exists (select 1 from scan_page p where p.exam_student_id = es.id and p.exam_subject_id = ${examSubjectId} and p.status <> 'deleted')
      or exists (select 1 from question_score qs join question qq on qq.id = qs.question_id where qs.exam_student_id = es.id and qq.exam_subject_id = ${examSubjectId})
      or exists (select 1 from subject_absence a where a.exam_student_id = es.id and a.exam_subject_id = ${examSubjectId}))`.execute(q);
  return new Set(r.rows.map((x) => x.id));
}
