/**
 * analysisReportList (exam/analysis/list): the released exams the caller may see, each with the caller's role
 * report entries (the student portal's own reports: modules/student-portal).
 */
import { examTypeLabel } from '@jz/shared/exam';
import { ROLE_NAMES } from '@jz/shared/roles';
import type { AnalysisExam } from '@jz/shared/api/report';
import { classFullName } from '@jz/shared/school';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hasRole } from '../../core/auth.js';
import { page } from '../../core/http.js';
import { assertFilterVisible, visibleGradeIds } from '../../core/scope.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { REPORT_KEYS, REPORT_ROUTES } from '@jz/shared/api/report';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const withTotal = REPORT_KEYS;
const withoutTotal = REPORT_KEYS.filter((k) => !REPORT_ROUTES[k].needsTotal);

export async function analysisList(db: Db, user: SchoolUser, q: { current: number; size: number; name?: string; gradeId?: number; examType?: number }) {
  await assertFilterVisible(db, user, q);
  const grades = await visibleGradeIds(db, user);
  let base = db.selectFrom('exam as e').innerJoin('exam_report as r', 'r.exam_id', 'e.id').innerJoin('school_grade as g', 'g.id', 'e.grade_id')
    .where('e.school_id', '=', user.schoolId);
  if (grades !== 'all') base = grades.length ? base.where('e.grade_id', 'in', grades) : base.where(sql<boolean>`false`);
  if (q.name) base = base.where('e.name', 'ilike', `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (q.gradeId) base = base.where('e.grade_id', '=', q.gradeId);
  if (q.examType) base = base.where('e.exam_type', '=', q.examType);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base.select([
    'e.id', 'e.name', 'e.exam_type', 'e.grade_id', 'g.name as grade_name', 'e.released_at', 'r.version',
    sql<string>`to_char(e.start_date, 'YYYY-MM-DD')`.as('start_date'), sql<string>`to_char(e.end_date, 'YYYY-MM-DD')`.as('end_date'),
  ]).orderBy('e.start_date', 'desc').orderBy('e.id', 'desc').limit(q.size).offset((q.current - 1) * q.size).execute();
  const ids = rows.map((r) => r.id);
  const subjects = ids.length ? await db.selectFrom('exam_subject').select(['exam_id', 'course_code', 'course_name', 'full_score']).where('exam_id', 'in', ids).orderBy('sort').execute() : [];
  const classes = ids.length ? await db.selectFrom('exam_student as es').innerJoin('school_class as c', 'c.id', 'es.class_id')
    .select(['es.exam_id', 'c.id', 'c.name', sql<number>`count(*)::int`.as('n')]).where('es.exam_id', 'in', ids)
    .groupBy(['es.exam_id', 'c.id', 'c.name', 'c.sort']).orderBy('c.sort').execute() : [];
  const records: AnalysisExam[] = rows.map((r) => {
    const subs = subjects.filter((s) => s.exam_id === r.id);
    const cls = classes.filter((c) => c.exam_id === r.id);
    const courseName = (code: string | null) => subs.find((s) => s.course_code === code)?.course_name ?? code ?? '';
    const className = (id: number | null) => classFullName(r.grade_name, cls.find((c) => c.id === id)?.name ?? '');
    const entries: AnalysisExam['roleReports'] = [];
    if (hasRole(user, 'school_admin')) entries.push({ roleCode: 'school_admin', title: `${ROLE_NAMES.school_admin}报告`, classId: 0, courseCode: '0', reports: withTotal });
    for (const role of user.roles) {
      if (role.roleCode === 'grade_leader' && role.gradeId === r.grade_id) entries.push({ roleCode: role.roleCode, title: '年级主任报告', classId: 0, courseCode: '0', reports: withTotal });
      if (role.roleCode === 'lesson_leader' && role.gradeId === r.grade_id && subs.some((s) => s.course_code === role.courseCode)) {
        entries.push({ roleCode: role.roleCode, title: `备课组长报告（${courseName(role.courseCode)}）`, classId: 0, courseCode: role.courseCode!, reports: withoutTotal });
      }
      if (role.roleCode === 'head_teacher' && cls.some((c) => c.id === role.classId)) {
        entries.push({ roleCode: role.roleCode, title: `班主任报告（${className(role.classId)}）`, classId: role.classId!, courseCode: '0', reports: withTotal });
      }
      if (role.roleCode === 'subject_teacher' && cls.some((c) => c.id === role.classId) && subs.some((s) => s.course_code === role.courseCode)) {
        entries.push({ roleCode: role.roleCode, title: `任课老师报告（${className(role.classId)} ${courseName(role.courseCode)}）`, classId: role.classId!, courseCode: role.courseCode!, reports: withoutTotal });
      }
    }
    return {
      examId: r.id, examName: r.name, examType: r.exam_type, examTypeName: examTypeLabel(r.exam_type), gradeId: r.grade_id, gradeName: r.grade_name,
      startDate: r.start_date, endDate: r.end_date, releasedAt: iso(r.released_at), version: r.version,
      studentCount: cls.reduce((s, c) => s + c.n, 0), classCount: cls.length,
      subjects: subs.map((s) => ({ code: s.course_code, name: s.course_name, fullScore: Number(s.full_score) })),
      roleReports: entries,
    };
  });
  return page(records, Number(total), q);
}
