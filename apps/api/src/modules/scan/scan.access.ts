/**
 * Who may see and change an exam subject's scanned sheets: its 扫描员 (scan_operator duty), or, with the role
 * permission exam:scan:do, the school administrator, the grade leader of the exam's grade and the lesson leader
 * (备课组长) of the grade and course. Another school's subject is refused (403), an unknown one is 404.
 * Naming the 扫描员 takes the same (school administrator, grade leader, lesson leader), never an operator.
 * In a joint exam a participating school (confirmed, its administrator) scans its own sheets into the organiser's
 * subject when the organiser left the subject to the schools' scanning (各校阅卷 or 混合阅卷): `schoolId` then limits
 * every candidate it reaches to its own; the organiser and a school's own exam reach all (`schoolId` null).
 */
import type { Db, Tx } from '../../db/database.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { JOINT_SCORING_NAMES } from '@jz/shared/joint';
import * as examRepo from '../exam/exam.repository.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as repo from './scan.repository.js';

export type { SchoolUser };

function leads(user: SchoolUser, exam: { gradeId: number }, courseCode: string): boolean {
  if (!user.permissions.has('exam:scan:do')) return false;
  if (hasRole(user, 'school_admin')) return true;
  return user.roles.some((r) => r.gradeId === exam.gradeId && (r.roleCode === 'grade_leader' || (r.roleCode === 'lesson_leader' && r.courseCode === courseCode)));
}

export interface ScanSubject { exam: examRepo.ExamRow; subject: { id: number; exam_id: number; course_code: string; course_name: string }; schoolId: number | null }

/** Of some subjects (of exams of the caller's school), those the caller may scan: the exam list's 扫描管理. */
export async function scannableSubjects(q: Db | Tx, user: SchoolUser, subjects: { id: number; courseCode: string; exam: { gradeId: number } }[]): Promise<Set<number>> {
  const operated = user.userType === 'teacher' ? await repo.operatedSubjects(q, user.id, subjects.map((s) => s.id)) : new Set<number>();
  return new Set(subjects.filter((s) => leads(user, s.exam, s.courseCode) || operated.has(s.id)).map((s) => s.id));
}

/** The exam subject when the caller may scan it ('manage': may name its 扫描员). */
export async function scanSubjectFor(q: Db | Tx, user: SchoolUser, examSubjectId: number, need: 'scan' | 'manage' = 'scan'): Promise<ScanSubject> {
  const subject = await examRepo.findSubject(q, examSubjectId);
  if (!subject) throw notFound('考试科目');
  const exam = await examRepo.findExam(q, subject.exam_id);
  if (!exam) throw notFound('考试');
  if (exam.schoolId !== user.schoolId) return participantScan(q, user, exam, subject);
  if (leads(user, exam, subject.course_code)) return { exam, subject, schoolId: null };
  if (need === 'scan' && user.userType === 'teacher' && await repo.isOperator(q, examSubjectId, user.id)) return { exam, subject, schoolId: null };
  throw forbidden();
}

/** A school's administrator scanning its own candidates' sheets into a joint exam of another organiser. */
async function participantScan(q: Db | Tx, user: SchoolUser, exam: examRepo.ExamRow, subject: ScanSubject['subject'] & { joint_scoring: keyof typeof JOINT_SCORING_NAMES }): Promise<ScanSubject> {
  if (exam.mode !== 'joint' || !hasRole(user, 'school_admin') || !user.permissions.has('exam:scan:do')) throw forbidden();
  const own = await examRepo.participantStatus(q, exam.id, user.schoolId);
  if (own?.status !== 'confirmed') throw forbidden();
  if (subject.joint_scoring === 'import') throw new BizError(`联考的${subject.course_name}由组织方设为${JOINT_SCORING_NAMES.import}，请导入成绩`, 403);
  return { exam, subject, schoolId: user.schoolId };
}

/** A page of the caller's school and a subject the caller may scan. */
export async function scanPageFor(q: Db | Tx, user: SchoolUser, pageId: number) {
  const page = await repo.findPage(q, user.schoolId, pageId);
  if (!page) {
    // another school's page answers like a missing one would reveal nothing either way; keep 404 for both
    throw notFound('答题卡图片');
  }
  const s = await scanSubjectFor(q, user, page.exam_subject_id);
  return { page, ...s };
}

/** A batch of the caller's school and a subject the caller may scan. */
export async function scanBatchFor(q: Db | Tx, user: SchoolUser, batchId: number) {
  const batch = await repo.findBatch(q, batchId);
  if (!batch || batch.school_id !== user.schoolId) throw notFound('扫描批次');
  const s = await scanSubjectFor(q, user, batch.exam_subject_id);
  return { batch, ...s };
}
