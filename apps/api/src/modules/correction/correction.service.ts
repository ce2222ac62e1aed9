/**
 * Score corrections after release (correction_score; docs/DOMAIN-RULES.md §6): apply → approve | reject.
 *
 * - apply: the exam must be released; the student must have a score on the question (not 缺考); the new score
 *   must be ≥ 0, ≤ the question's full score and a multiple of its step, and differ from the current one. At
 *   most one pending request per question score. Who: the subject teacher of that class and course, the
 *   lesson leader of the grade and course, the grade leader of the grade, the school administrator.
 * - approve / reject: the grade leader of the exam's grade or the school administrator (exam:exam:edit). A
 *   request is reviewed once (a second approve or reject is refused). Approve, in ONE transaction: marks the
 *   request approved (who, when), writes the new question score, and re-runs the whole release computation
 *   synchronously (subject scores, totals, ranks, every report; report version + 1). If the recompute fails
 *   nothing changes. The score is written through the one score-write path (score/score-write.service.ts,
 *   docs/DOMAIN-RULES.md §10) under the exam's score lock: refused while a release runs, serialised with imports
 *   and edits; a double approve finds the request no longer pending. The request row keeps applicant, reviewer, times, old and new score and reasons.
 */
import type { Correction } from '@jz/shared/api/report';
import { CORRECTION_STATUSES } from '@jz/shared/api/report';
import { classFullName } from '@jz/shared/school';
import type { Db } from '../../db/database.js';
import { BizError, forbidden, notFound, page } from '../../core/http.js';
import { canEditExam, examFor, type SchoolUser } from '../exam/exam.access.js';
import { checkPoints, round2 } from '../score/scoring.js';
import { withScoreWrites, writeCorrection } from '../score/score-write.service.js';

/** May the caller apply for a correction of this class and course? */
export function canApply(user: SchoolUser, exam: { gradeId: number }, classId: number, courseCode: string): boolean {
  if (canEditExam(user, exam)) return true;
  if (!user.permissions.has('exam:exam:view')) return false;
  return user.roles.some((r) => (r.roleCode === 'lesson_leader' && r.gradeId === exam.gradeId && r.courseCode === courseCode)
    || (r.roleCode === 'subject_teacher' && r.classId === classId && r.courseCode === courseCode));
}

function selectCorrections(db: Db) {
  return db.selectFrom('score_correction as c')
    .innerJoin('exam_student as es', 'es.id', 'c.exam_student_id')
    .innerJoin('student as st', 'st.id', 'es.student_id')
    .innerJoin('school_class as sc', 'sc.id', 'es.class_id')
    .innerJoin('question as q', 'q.id', 'c.question_id')
    .innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id')
    .leftJoin('app_user as ua', 'ua.id', 'c.applied_by')
    .leftJoin('app_user as ur', 'ur.id', 'c.approved_by')
    .select([
      'c.id', 'c.exam_id as examId', 'c.exam_student_id as examStudentId', 'st.name as studentName', 'es.exam_no as examNo',
      'es.class_id as classId', 'sc.name as className', 's.course_code as courseCode', 's.course_name as courseName',
      'c.question_id as questionId', 'q.no as questionNo', 'q.full_score as questionFullScore', 'c.old_score as oldScore',
      'c.new_score as newScore', 'c.reason', 'c.status', 'c.applied_by as appliedBy', 'ua.user_name as appliedByName',
      'c.applied_at as appliedAt', 'c.approved_by as reviewedBy', 'ur.user_name as reviewedByName', 'c.approved_at as reviewedAt',
      'c.reject_reason as rejectReason',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectCorrections>['execute']>>[number];

function toCorrection(r: Row, user: SchoolUser, exam: { gradeId: number; gradeName: string }): Correction {
  return {
    ...r,
    className: classFullName(exam.gradeName, r.className),
    questionFullScore: Number(r.questionFullScore),
    oldScore: Number(r.oldScore),
    newScore: Number(r.newScore),
    status: r.status,
    statusName: CORRECTION_STATUSES.find((s) => s.value === r.status)?.label ?? '',
    appliedAt: new Date(r.appliedAt).toISOString(),
    reviewedAt: r.reviewedAt ? new Date(r.reviewedAt).toISOString() : null,
    canReview: r.status === 'pending' && canEditExam(user, exam),
  };
}

async function one(db: Db, user: SchoolUser, id: number): Promise<Correction> {
  const row = await selectCorrections(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('更正申请');
  const exam = await examFor(db, user, row.examId);
  return toCorrection(row, user, exam);
}

export async function apply(db: Db, user: SchoolUser, body: { examStudentId: number; questionId: number; newScore: number; reason: string }): Promise<Correction> {
  const es = await db.selectFrom('exam_student').select(['id', 'exam_id', 'class_id']).where('id', '=', body.examStudentId).executeTakeFirst();
  if (!es) throw notFound('考生');
  const exam = await examFor(db, user, es.exam_id);
  const question = await db.selectFrom('question as q').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id')
    .select(['q.id', 'q.no', 'q.full_score', 'q.step', 's.exam_id', 's.course_code', 's.course_name'])
    .where('q.id', '=', body.questionId).executeTakeFirst();
  if (!question || question.exam_id !== exam.id) throw new BizError('题目不属于该考试');
  if (!canApply(user, exam, es.class_id, question.course_code)) throw forbidden();
  if (!exam.releasedAt) throw new BizError('成绩尚未发布，请直接在小题成绩中修改');
  const current = await db.selectFrom('question_score').select('score')
    .where('question_id', '=', question.id).where('exam_student_id', '=', es.id).executeTakeFirst();
  if (!current) throw new BizError(`该考生${question.course_name}缺考，不能更正成绩`);
  const reason = checkPoints({ fullScore: Number(question.full_score), step: Number(question.step) }, body.newScore);
  if (reason) throw new BizError(`新分数${reason}`);
  const newScore = round2(body.newScore);
  if (Math.abs(Number(current.score) - newScore) < 1e-9) throw new BizError('新分数与原分数相同');
  const pending = await db.selectFrom('score_correction').select('id').where('exam_student_id', '=', es.id)
    .where('question_id', '=', question.id).where('status', '=', 'pending').executeTakeFirst();
  if (pending) throw new BizError('该题已有待审核的更正申请');
  let id: number;
  try {
    id = (await db.insertInto('score_correction').values({
      exam_id: exam.id, exam_student_id: es.id, question_id: question.id, old_score: Number(current.score), new_score: newScore,
      reason: body.reason, applied_by: user.id,
    }).returning('id').executeTakeFirstOrThrow()).id;
  } catch {
    throw new BizError('该题已有待审核的更正申请');
  }
  return one(db, user, id);
}

export async function findPage(db: Db, user: SchoolUser, q: { examId: number; status?: 'pending' | 'approved' | 'rejected'; current: number; size: number }) {
  const exam = await examFor(db, user, q.examId);
  let query = selectCorrections(db).where('c.exam_id', '=', exam.id);
  if (q.status) query = query.where('c.status', '=', q.status);
  const rows = await query.orderBy('c.applied_at', 'desc').orderBy('c.id', 'desc').execute();
  const visible = rows.filter((r) => canApply(user, exam, r.classId, r.courseCode));
  const start = (q.current - 1) * q.size;
  return page(visible.slice(start, start + q.size).map((r) => toCorrection(r, user, exam)), visible.length, q);
}

async function reviewable(db: Db, user: SchoolUser, id: number) {
  const row = await db.selectFrom('score_correction').select(['id', 'exam_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('更正申请');
  const exam = await examFor(db, user, row.exam_id);
  if (!canEditExam(user, exam)) throw forbidden();
  if (row.status !== 'pending') throw new BizError('该申请已审核，不能重复审核');
  return { row, exam };
}

export async function approve(db: Db, user: SchoolUser, id: number): Promise<Correction> {
  const { exam } = await reviewable(db, user, id);
  await withScoreWrites(db, exam.id, async (tx) => {
    const done = await tx.updateTable('score_correction').set({ status: 'approved', approved_by: user.id, approved_at: new Date() })
      .where('id', '=', id).where('status', '=', 'pending')
      .returning(['exam_student_id', 'question_id', 'old_score', 'new_score']).executeTakeFirst();
    if (!done) throw new BizError('该申请已审核，不能重复审核');
    // the score write settles the released exam: the whole release is computed again in this transaction
    await writeCorrection(tx, { examStudentId: done.exam_student_id, questionId: done.question_id, score: Number(done.new_score) });
  });
  return one(db, user, id);
}

export async function reject(db: Db, user: SchoolUser, id: number, reason: string): Promise<Correction> {
  await reviewable(db, user, id);
  const done = await db.updateTable('score_correction').set({ status: 'rejected', approved_by: user.id, approved_at: new Date(), reject_reason: reason })
    .where('id', '=', id).where('status', '=', 'pending').returning('id').executeTakeFirst();
  if (!done) throw new BizError('该申请已审核，不能重复审核');
  return one(db, user, id);
}
