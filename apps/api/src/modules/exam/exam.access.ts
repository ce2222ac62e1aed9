/**
 * Who may see and edit an exam. Everything is scoped to the caller's school (another school's exam → 403).
 * Viewing needs exam:exam:view and the exam's grade among the caller's visible grades. Editing an exam (create,
 * delete, students, rooms) needs exam:exam:edit and school administrator, or grade leader of the exam's grade.
 * Editing one subject (questions, groups, scores, course settings) is also open to the lesson leader of that
 * grade and course.
 */
import type { Db, Tx } from '../../db/database.js';
import type { AuthUser } from '../../core/auth.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { visibleGradeIds } from '../../core/scope.js';
import * as repo from './exam.repository.js';

export type SchoolUser = AuthUser & { schoolId: number };
export type { ExamRow } from './exam.repository.js';

/** May the caller edit the exam as a whole (grade level)? */
export function canEditExam(user: SchoolUser, exam: { gradeId: number }): boolean {
  if (!user.permissions.has('exam:exam:edit')) return false;
  if (hasRole(user, 'school_admin')) return true;
  return user.roles.some((r) => r.roleCode === 'grade_leader' && r.gradeId === exam.gradeId);
}

/** May the caller edit one subject of the exam (questions, scores, course settings)? */
export function canEditSubject(user: SchoolUser, exam: { gradeId: number }, courseCode: string): boolean {
  if (canEditExam(user, exam)) return true;
  return user.permissions.has('exam:exam:view')
    && user.roles.some((r) => r.roleCode === 'lesson_leader' && r.gradeId === exam.gradeId && r.courseCode === courseCode);
}

/** The exam, if it is the caller's school's and its grade is visible to the caller; 'edit' demands canEditExam. */
export async function examFor(db: Db | Tx, user: SchoolUser, examId: number, need: 'view' | 'edit' = 'view'): Promise<repo.ExamRow> {
  const exam = await repo.findExam(db, examId);
  if (!exam) throw notFound('考试');
  if (exam.schoolId !== user.schoolId) throw forbidden();
  if (need === 'edit') {
    if (!canEditExam(user, exam)) throw forbidden();
    return exam;
  }
  const grades = await visibleGradeIds(db as Db, user);
  if (grades !== 'all' && !grades.includes(exam.gradeId)) throw forbidden();
  return exam;
}

/**
 * Which candidates the caller acts on in an exam: all of them (`schoolId` null: the exam's own school, which is also
 * a joint exam's organiser), or, in a joint exam, only its own school's (`schoolId`): the administrator of a school
 * that has confirmed its classes. A school that withdrew, or has not confirmed yet, is refused with the reason.
 */
export interface ExamScope { exam: repo.ExamRow; schoolId: number | null }

export async function examScopeFor(db: Db | Tx, user: SchoolUser, examId: number, need: 'view' | 'edit' = 'view'): Promise<ExamScope> {
  const exam = await repo.findExam(db, examId);
  if (!exam) throw notFound('考试');
  if (exam.schoolId === user.schoolId || exam.mode !== 'joint') return { exam: await examFor(db, user, examId, need), schoolId: null };
  const own = await repo.participantStatus(db, examId, user.schoolId);
  if (!own || !hasRole(user, 'school_admin') || !user.permissions.has(need === 'edit' ? 'exam:exam:edit' : 'exam:exam:view')) throw forbidden();
  if (own.status === 'withdrawn') throw new BizError('本校已退出该联考', 403);
  if (own.status !== 'confirmed') throw new BizError('本校尚未确认参考班级', 403);
  return { exam, schoolId: user.schoolId };
}

/** An exam subject with its exam; 'edit' demands canEditSubject. */
export async function subjectFor(db: Db | Tx, user: SchoolUser, examSubjectId: number, need: 'view' | 'edit' = 'view') {
  const subject = await repo.findSubject(db, examSubjectId);
  if (!subject) throw notFound('考试科目');
  const exam = await examFor(db, user, subject.exam_id, 'view');
  if (need === 'edit' && !canEditSubject(user, exam, subject.course_code)) throw forbidden();
  return { exam, subject };
}

export function assertNotReleased(exam: { releasedAt: Date | null }, msg = '成绩已发布，不能修改') {
  if (exam.releasedAt) throw new BizError(msg);
}
