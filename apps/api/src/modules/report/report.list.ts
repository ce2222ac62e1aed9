/**
 * analysisReportList (exam/analysis/list): the released exams the caller may see, each with the caller's role
 * report entries; and the student portal's own reports (/studentApi/v1/report/*).
 */
import { examTypeLabel } from '@jz/shared/exam';
import { ROLE_NAMES } from '@jz/shared/roles';
import { TOTAL_CODE, type AnalysisExam, type StudentReportDetail } from '@jz/shared/api/report';
import { classFullName } from '@jz/shared/school';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../core/auth.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden, notFound, page } from '../../core/http.js';
import { assertFilterVisible, visibleGradeIds } from '../../core/scope.js';
import type { SchoolUser } from '../exam/exam.service.js';
import { REPORT_KEYS, REPORT_ROUTES } from '@jz/shared/api/report';
import { studentComment } from './comment.js';
import { loadReportSet } from './report.store.js';

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

// ---------------------------------------------------------------- student portal

async function ownExamStudents(db: Db, user: AuthUser & { schoolId: number }) {
  return db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').innerJoin('exam as e', 'e.id', 'es.exam_id')
    .innerJoin('exam_report as r', 'r.exam_id', 'e.id')
    .select(['es.id as esid', 'e.id as examId', 'e.name', 'e.exam_type', 'e.released_at', sql<string>`to_char(e.start_date, 'YYYY-MM-DD')`.as('start_date')])
    .where('st.user_id', '=', user.id).where('st.school_id', '=', user.schoolId).where('e.school_id', '=', user.schoolId)
    .orderBy('e.start_date', 'desc').orderBy('e.id', 'desc').execute();
}

export async function studentReportList(db: Db, user: AuthUser & { schoolId: number }) {
  const rows = await ownExamStudents(db, user);
  return rows.map((r) => ({ examId: r.examId, examName: r.name, examTypeName: examTypeLabel(r.exam_type), startDate: r.start_date, releasedAt: iso(r.released_at) }));
}

/** The student's own scores (and ranks when shown) in a released exam, with grade / class means for context. */
export async function studentReportDetail(db: Db, user: AuthUser & { schoolId: number }, examId: number): Promise<StudentReportDetail> {
  if (!user.permissions.has('report:report:view')) throw forbidden();
  const own = (await ownExamStudents(db, user)).find((r) => r.examId === examId);
  if (!own) throw notFound('本人的考试成绩');
  const loaded = await loadReportSet(db, examId);
  if (!loaded) throw new BizError('该考试成绩尚未发布', 404);
  const reports = loaded.set.variants['0']!;
  const pos = loaded.transcriptPos.get('0')!.get(String(own.esid));
  if (pos === undefined) throw notFound('本人的考试成绩');
  const row = reports.transcript.rows[pos]!;
  const show = loaded.set.settings.showStudentRank;
  const cols = reports.transcript.columns;
  const ti = cols.findIndex((c) => c.code === TOTAL_CODE);
  const unit = (code: string) => reports.classComparison.find((t) => t.code === code)?.rows.find((u) => u.unitId === row.classId);
  const balance = reports.students.students.find((s) => s.studentId === row.studentId);
  const subjectName = (code: string | null | undefined) => (code ? loaded.set.subjects.find((s) => s.code === code)?.name ?? null : null);
  const totalRow = reports.overview.rows.find((r) => r.code === TOTAL_CODE);
  return {
    examId,
    examName: loaded.set.exam.name,
    name: row.name,
    admissionNo: row.admissionNo,
    className: row.className,
    showRank: show,
    gradeCount: totalRow?.sat ?? 0,
    classCount: unit(TOTAL_CODE)?.count ?? 0,
    rows: cols.map((c, k) => {
      const g = reports.overview.rows.find((r) => r.code === c.code);
      return {
        code: c.code, name: c.name, fullScore: c.fullScore, isTotal: c.isTotal,
        score: row.scores[k] ?? null, absent: row.scores[k] === null,
        classRank: show ? row.classRanks[k] ?? null : null, gradeRank: show ? row.gradeRanks[k] ?? null : null,
        gradeMean: g?.mean ?? null, classMean: unit(c.code)?.mean ?? null, gradeMax: g?.max ?? null,
      };
    }),
    comment: studentComment({
      name: row.name, total: ti >= 0 ? row.scores[ti] ?? null : null, gradeRank: show && ti >= 0 ? row.gradeRanks[ti] ?? null : null, gradeCount: totalRow?.sat ?? 0,
      classRank: show && ti >= 0 ? row.classRanks[ti] ?? null : null, classCount: unit(TOTAL_CODE)?.count ?? 0, change: show ? balance?.change ?? null : null,
      strongSubject: subjectName(balance?.strongSubject), weakSubject: subjectName(balance?.weakSubject),
    }),
  };
}
