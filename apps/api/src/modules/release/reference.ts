/**
 * The reference exam of a release (学生进退步), compared like with like: when both exams' totals are made of the
 * same subjects, the reference's stored total grade ranks; when they differ (a 2-subject total against a
 * 9-subject one), the reference's grade ranks over the sum of the subjects common to both, and the engine ranks
 * this exam over the same subjects (ReferenceExam.basis); no common subject → basis [] (no comparison).
 */
import { competitionRank, type ReferenceExam } from '@jz/analysis';
import { TOTAL_CODE } from '@jz/shared/api/report';
import type { Db, Tx } from '../../db/database.js';
import * as examRepo from '../exam/exam.repository.js';

type Q = Db | Tx;
type Stored = { courseCode: string | null; family: string; value: unknown }[];
/** The subjects of an exam's total from its settings (null = every subject). */
export type TotalSubjectsOf = (stored: Stored, codes: string[]) => string[] | null;

export async function loadReference(q: Q, refId: number, students: { id: string; studentId: number }[], thisTotal: string[], totalSubjectsOf: TotalSubjectsOf): Promise<ReferenceExam | undefined> {
  const ref = await q.selectFrom('exam').select(['id', 'name']).where('id', '=', refId).executeTakeFirst();
  if (!ref) return undefined;
  const refCodes = (await examRepo.subjectsOf(q, [ref.id])).map((s) => s.courseCode);
  const refStored = await q.selectFrom('exam_setting').select(['course_code as courseCode', 'family', 'value']).where('exam_id', '=', ref.id).execute();
  const refTotal = totalSubjectsOf(refStored, refCodes) ?? refCodes;
  const same = refTotal.length === thisTotal.length && refTotal.every((c) => thisTotal.includes(c));
  const basis = same ? null : thisTotal.filter((c) => refTotal.includes(c));

  const rows = await q.selectFrom('student_score as ss').innerJoin('exam_student as es', 'es.id', 'ss.exam_student_id')
    .select(['es.student_id', 'ss.course_code', 'ss.grade_rank', 'ss.score']).where('ss.exam_id', '=', ref.id).execute();
  const byStudent = new Map(students.map((s) => [s.studentId, s.id]));
  const ranks = new Map<string, { total?: number | null; subjects?: Record<string, number | null> }>();
  const entry = (sid: string) => {
    let e = ranks.get(sid);
    if (!e) ranks.set(sid, (e = { subjects: {} }));
    return e;
  };
  for (const r of rows) {
    const sid = byStudent.get(r.student_id);
    if (!sid || r.course_code === TOTAL_CODE) continue;
    entry(sid).subjects![r.course_code] = r.grade_rank;
  }
  if (!basis) {
    for (const r of rows) {
      const sid = byStudent.get(r.student_id);
      if (sid && r.course_code === TOTAL_CODE) entry(sid).total = r.grade_rank;
    }
    return { name: ref.name, ranks };
  }
  if (basis.length) {
    // Grade ranks over the common subjects, among the reference's students who sat all of them.
    const sums = new Map<number, { sum: number; count: number }>();
    for (const r of rows) {
      if (!basis.includes(r.course_code) || r.score === null) continue;
      const a = sums.get(r.student_id) ?? { sum: 0, count: 0 };
      a.sum += Number(r.score);
      a.count++;
      sums.set(r.student_id, a);
    }
    const sat = [...sums].filter(([, a]) => a.count === basis.length);
    const rank = competitionRank(sat.map(([, a]) => a.sum));
    sat.forEach(([studentId], k) => {
      const sid = byStudent.get(studentId);
      if (sid) entry(sid).total = rank[k]!;
    });
  }
  return { name: ref.name, ranks, basis };
}
