/**
 * Exam management rules (exam_manage, exam_student, question_template, question_group).
 *
 * Access: everything is scoped to the caller's school (another school's exam → 403). Viewing needs
 * exam:exam:view and the exam's grade among the caller's visible grades. Editing an exam (create, delete,
 * students, rooms) needs exam:exam:edit and school administrator, or grade leader of the exam's grade.
 * Editing one subject (questions, groups, scores, course settings) is also open to the lesson leader of that
 * grade and course.
 *
 * Exam status (list cards): 1 考试设置 — some subject has no questions (progress = share of subjects set up);
 * 2 成绩录入 — every subject set up, scores partly entered (progress = share of subjects scored);
 * 3 待发布 — every subject scored (progress 100); 4 已发布 — set by score release (released_at), not here.
 */
import { sql } from 'kysely';
import { examTypeLabel } from '@jz/shared/exam';
import { EXAM_STATUSES, type AddExamBody, type Exam, type QuestionInput, type QuestionTemplate } from '@jz/shared/api/exam';
import type { Db, Tx } from '../../db/database.js';
import type { AuthUser } from '../../core/auth.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden, notFound, page } from '../../core/http.js';
import { assertFilterVisible, visibleClassIds, visibleGradeIds } from '../../core/scope.js';
import { isObjective, isMultipleOf, normalizeKey, round2, scoreChoice } from '../score/scoring.js';
import * as repo from './exam.repository.js';
import { withExamLock } from '../job/exam-lock.repository.js';

export type SchoolUser = AuthUser & { schoolId: number };
export type { ExamRow } from './exam.repository.js';

// ---------------------------------------------------------------- access

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

/** Recomputes the stored status 1–3 and progress of an unreleased exam from its subjects. */
export async function refreshExamStatus(q: Db | Tx, examId: number): Promise<void> {
  const exam = await q.selectFrom('exam').select(['released_at']).where('id', '=', examId).executeTakeFirst();
  if (!exam || exam.released_at) return;
  const subjects = await repo.subjectsOf(q, [examId]);
  const n = subjects.length || 1;
  const setUp = subjects.filter((s) => s.questionCount > 0 || s.totalsOnly).length;
  const scored = subjects.filter((s) => s.scoredCount + s.absentCount > 0).length;
  let status: number;
  let progress: number;
  if (setUp < subjects.length || !subjects.length) {
    status = 1;
    progress = Math.round((setUp / n) * 100);
  } else if (scored < subjects.length) {
    status = 2;
    progress = Math.round((scored / n) * 100);
  } else {
    status = 3;
    progress = 100;
  }
  await q.updateTable('exam').set({ status, progress, updated_at: new Date() }).where('id', '=', examId).execute();
}

// ---------------------------------------------------------------- exam_manage

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

async function toExams(db: Db, rows: repo.ExamRow[]): Promise<Exam[]> {
  const ids = rows.map((r) => r.id);
  const [subjects, counts] = await Promise.all([repo.subjectsOf(db, ids), repo.studentCounts(db, ids)]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    examType: r.examType,
    examTypeName: examTypeLabel(r.examType),
    gradeId: r.gradeId,
    gradeName: r.gradeName,
    semesterId: r.semesterId,
    mode: r.mode,
    startDate: r.startDate,
    endDate: r.endDate,
    status: r.status,
    statusName: EXAM_STATUSES.find((s) => s.value === r.status)?.label ?? '',
    progress: Math.max(0, Math.min(100, r.progress)),
    referenceExamId: r.referenceExamId,
    releasedAt: iso(r.releasedAt),
    createdAt: iso(r.createdAt)!,
    studentCount: counts.get(r.id)?.students ?? 0,
    classCount: counts.get(r.id)?.classes ?? 0,
    subjects: subjects.filter((s) => s.examId === r.id).map(({ examId: _e, sort: _s, ...s }) => s),
  }));
}

export async function findExamPage(db: Db, user: SchoolUser, q: { current: number; size: number; name?: string; examType?: number; gradeId?: number; status?: number }) {
  await assertFilterVisible(db, user, q);
  const gradeIds = await visibleGradeIds(db, user);
  const { rows, total } = await repo.pageExams(db, { schoolId: user.schoolId, gradeIds, ...q }, q.current, q.size);
  return page(await toExams(db, rows), total, q);
}

export async function getExam(db: Db, user: SchoolUser, examId: number): Promise<Exam> {
  const exam = await examFor(db, user, examId);
  return (await toExams(db, [exam]))[0]!;
}

export async function addExam(db: Db, user: SchoolUser, body: AddExamBody, mode: 'single' | 'multi'): Promise<Exam> {
  if (mode === 'single' && body.subjects.length !== 1) throw new BizError('单科考试只能设置一个科目');
  if (body.endDate < body.startDate) throw new BizError('结束日期不能早于开始日期');
  const grade = await db.selectFrom('school_grade').select(['id', 'name']).where('id', '=', body.gradeId).where('school_id', '=', user.schoolId).executeTakeFirst();
  if (!grade) throw forbidden();
  if (!canEditExam(user, { gradeId: grade.id })) throw forbidden();
  if (body.semesterId) {
    const sem = await db.selectFrom('semester').select('id').where('id', '=', body.semesterId).where('school_id', '=', user.schoolId).executeTakeFirst();
    if (!sem) throw new BizError('学期不存在');
  }
  if (body.referenceExamId) {
    const ref = await db.selectFrom('exam').select('id').where('id', '=', body.referenceExamId).where('school_id', '=', user.schoolId).executeTakeFirst();
    if (!ref) throw new BizError('参照考试不存在');
  }
  const codes = body.subjects.map((s) => s.courseCode);
  const dup = codes.find((c, i) => codes.indexOf(c) !== i);
  if (dup) throw new BizError(`科目 ${dup} 重复`);
  const courses = await db.selectFrom('school_grade_course').select(['course_code', 'course_name', 'sort'])
    .where('grade_id', '=', grade.id).where('school_id', '=', user.schoolId).execute();
  const courseOf = new Map(courses.map((c) => [c.course_code, c]));
  const unknown = codes.filter((c) => !courseOf.has(c));
  if (unknown.length) throw new BizError(`科目 ${unknown.join('、')} 不是${grade.name}的学科`);
  const classIds = [...new Set(body.classIds)];
  const classes = await db.selectFrom('school_class').select(['id', 'grade_id']).where('school_id', '=', user.schoolId).where('id', 'in', classIds).execute();
  if (classes.length !== classIds.length) throw forbidden();
  if (classes.some((c) => c.grade_id !== grade.id)) throw new BizError(`所选班级须都属于${grade.name}`);

  const examId = await db.transaction().execute(async (tx) => {
    const exam = await tx.insertInto('exam').values({
      school_id: user.schoolId, name: body.name, exam_type: body.examType, grade_id: grade.id, semester_id: body.semesterId ?? null,
      mode, start_date: body.startDate, end_date: body.endDate, reference_exam_id: body.referenceExamId ?? null, created_by: user.id,
    }).returning('id').executeTakeFirstOrThrow();
    await tx.insertInto('exam_subject').values(body.subjects.map((s, i) => ({
      exam_id: exam.id, course_code: s.courseCode, course_name: courseOf.get(s.courseCode)!.course_name,
      full_score: s.fullScore, exam_date: s.examDate ?? null, sort: i + 1,
    }))).execute();
    const n = await repo.insertExamStudents(tx, exam.id, user.schoolId, classIds);
    if (n === 0) throw new BizError('所选班级没有在读学生');
    await refreshExamStatus(tx, exam.id);
    return exam.id;
  });
  return getExam(db, user, examId);
}

export async function deleteExam(db: Db, user: SchoolUser, examId: number): Promise<void> {
  const exam = await examFor(db, user, examId, 'edit');
  assertNotReleased(exam, '考试成绩已发布，不能删除');
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('exam').set({ reference_exam_id: null }).where('reference_exam_id', '=', examId).execute();
    await repo.deleteScoresOfExam(tx, examId);
    await tx.deleteFrom('exam').where('id', '=', examId).execute();
  });
}

/** benchMarkExamPaper: sets (or clears) the reference exam of the caller's school used for progress. */
export async function setReferenceExam(db: Db, user: SchoolUser, examId: number, referenceExamId: number | null): Promise<Exam> {
  const exam = await examFor(db, user, examId, 'edit');
  if (referenceExamId !== null) {
    if (referenceExamId === exam.id) throw new BizError('参照考试不能是本场考试');
    const ref = await db.selectFrom('exam').select('id').where('id', '=', referenceExamId).where('school_id', '=', user.schoolId).executeTakeFirst();
    if (!ref) throw new BizError('参照考试不存在');
  }
  await db.updateTable('exam').set({ reference_exam_id: referenceExamId, updated_at: new Date() }).where('id', '=', exam.id).execute();
  return getExam(db, user, exam.id);
}

export async function getExamSchool(db: Db, user: SchoolUser, examId: number) {
  await examFor(db, user, examId);
  const rows = await db.selectFrom('exam as e')
    .innerJoin('school as sc', 'sc.id', 'e.school_id')
    .leftJoin('exam_student as es', 'es.exam_id', 'e.id')
    .select(['sc.id as schoolId', 'sc.name as schoolName', sql<number>`count(es.id)::int`.as('studentCount'), sql<number>`count(distinct es.class_id)::int`.as('classCount')])
    .where('e.id', '=', examId).groupBy(['sc.id', 'sc.name']).execute();
  return rows;
}

/** Copies the question set-up of one subject onto another subject (same full score, no scores yet). */
export async function copySubject(db: Db, user: SchoolUser, fromId: number, toId: number): Promise<QuestionTemplate> {
  if (fromId === toId) throw new BizError('源科目与目标科目相同');
  const from = await subjectFor(db, user, fromId, 'view');
  const to = await subjectFor(db, user, toId, 'edit');
  assertNotReleased(to.exam);
  if (Math.abs(from.subject.full_score - to.subject.full_score) > 1e-6) throw new BizError('两个科目的满分不同，不能复制小题');
  const questions = await repo.questionsOf(db, [fromId]);
  if (!questions.length) throw new BizError('源科目还没有设置小题');
  const groups = await repo.groupsOf(db, fromId);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const inputs: QuestionInput[] = questions.map((q) => ({
    no: q.no, parentNo: q.parentNo, type: q.type, fullScore: q.fullScore, step: q.step, answer: q.answer,
    partialScore: q.partialScore, groupName: q.groupId ? groupName.get(q.groupId) ?? null : null, knowledgePoints: q.knowledgePoints,
  }));
  await saveQuestions(db, user, toId, inputs, false);
  return findQuestions(db, user, toId);
}

/** Moves a subject without scores to another unreleased exam of the same grade that lacks that course. */
export async function transferSubject(db: Db, user: SchoolUser, examSubjectId: number, targetExamId: number) {
  const { exam, subject } = await subjectFor(db, user, examSubjectId, 'view');
  if (!canEditExam(user, exam)) throw forbidden();
  const target = await examFor(db, user, targetExamId, 'edit');
  if (target.id === exam.id) throw new BizError('目标考试与原考试相同');
  assertNotReleased(exam);
  assertNotReleased(target);
  if (target.gradeId !== exam.gradeId) throw new BizError('只能转移到同一年级的考试');
  if (await repo.subjectHasScores(db, examSubjectId)) throw new BizError('该科目已有成绩，不能转移');
  const clash = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', target.id).where('course_code', '=', subject.course_code).executeTakeFirst();
  if (clash) throw new BizError(`目标考试已有${subject.course_name}科目`);
  const count = await db.selectFrom('exam_subject').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', exam.id).executeTakeFirstOrThrow();
  if (Number(count.n) <= 1) throw new BizError('考试至少要保留一个科目');
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('exam_subject').set({ exam_id: target.id }).where('id', '=', examSubjectId).execute();
    await tx.deleteFrom('exam_setting').where('exam_id', '=', target.id).where('course_code', '=', subject.course_code).execute();
    await tx.updateTable('exam_setting').set({ exam_id: target.id }).where('exam_id', '=', exam.id).where('course_code', '=', subject.course_code).execute();
    await tx.updateTable('exam').set({ mode: 'multi' }).where('id', '=', target.id).where('mode', '=', 'single').execute();
    await refreshExamStatus(tx, exam.id);
    await refreshExamStatus(tx, target.id);
  });
  return getExam(db, user, target.id);
}

// ---------------------------------------------------------------- exam_student

export async function findExamStudents(db: Db, user: SchoolUser, q: { examId: number; classId?: number; room?: string; keyword?: string; current: number; size: number }) {
  const exam = await examFor(db, user, q.examId);
  const classIds = canEditExam(user, exam) ? 'all' as const : await visibleClassIds(db, user);
  if (q.classId && classIds !== 'all' && !classIds.includes(q.classId)) throw forbidden();
  const { records, total } = await repo.pageExamStudents(db, { ...q, classIds }, q.current, q.size);
  return page(records, total, q);
}

export async function updateExamStudent(db: Db, user: SchoolUser, body: { id: number; examNo?: string; room?: string; seat?: number | null }) {
  const row = await db.selectFrom('exam_student').select(['id', 'exam_id', 'exam_no']).where('id', '=', body.id).executeTakeFirst();
  if (!row) throw notFound('考生');
  const exam = await examFor(db, user, row.exam_id, 'edit');
  if (body.examNo !== undefined && body.examNo !== row.exam_no) {
    assertNotReleased(exam, '成绩已发布，不能修改考号');
    const clash = await db.selectFrom('exam_student').select('id').where('exam_id', '=', exam.id).where('exam_no', '=', body.examNo).executeTakeFirst();
    if (clash) throw new BizError(`考号 ${body.examNo} 已被其他考生使用`);
  }
  const set: { exam_no?: string; room?: string; seat?: number | null } = {};
  if (body.examNo !== undefined) set.exam_no = body.examNo;
  if (body.room !== undefined) set.room = body.room;
  if (body.seat !== undefined) set.seat = body.seat;
  if (Object.keys(set).length) await db.updateTable('exam_student').set(set).where('id', '=', row.id).execute();
  return (await repo.examStudentsById(db, [row.id]))[0]!;
}

export async function arrangeRooms(db: Db, user: SchoolUser, examId: number, perRoom: number, prefix?: string) {
  const exam = await examFor(db, user, examId, 'edit');
  const students = await repo.arrangeRooms(db, exam.id, perRoom, prefix);
  return { rooms: Math.ceil(students / perRoom), students };
}

// ---------------------------------------------------------------- question_template / question_group

export async function findQuestions(db: Db, user: SchoolUser, examSubjectId: number): Promise<QuestionTemplate> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId);
  const [questions, groups] = await Promise.all([repo.questionsOf(db, [examSubjectId]), repo.groupsOf(db, examSubjectId)]);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return {
    examId: exam.id,
    examSubjectId,
    courseCode: subject.course_code,
    courseName: subject.course_name,
    subjectFullScore: subject.full_score,
    questionFullScore: round2(questions.reduce((s, q) => s + q.fullScore, 0)),
    editable: !exam.releasedAt && canEditSubject(user, exam, subject.course_code),
    questions: questions.map((q) => ({
      id: q.id, no: q.no, parentNo: q.parentNo, sort: q.sort, type: q.type, fullScore: q.fullScore, step: q.step, answer: q.answer,
      partialScore: q.partialScore, groupId: q.groupId, groupName: q.groupId ? groupName.get(q.groupId) ?? null : null, knowledgePoints: q.knowledgePoints,
    })),
    groups: groups.map((g) => ({ id: g.id, name: g.name, questionIds: questions.filter((q) => q.groupId === g.id).map((q) => q.id) })),
  };
}

/** 13（1） → 13(1); spaces removed. The form used to compare question numbers and sheet headers. */
export const normalizeNo = (no: string) => no.replace(/（/g, '(').replace(/）/g, ')').replace(/\s+/g, '');

/** Validates a question set against the subject's full score; returns the normalised questions or throws with every problem. */
function validateQuestions(subjectFullScore: number, questions: QuestionInput[]) {
  const problems: string[] = [];
  const seen = new Set<string>();
  const out = questions.map((q) => {
    const no = normalizeNo(q.no);
    const label = `第 ${no} 题`;
    if (seen.has(no)) problems.push(`题号 ${no} 重复`);
    seen.add(no);
    if (!(q.fullScore > 0)) problems.push(`${label}满分须大于 0`);
    else if (!isMultipleOf(q.fullScore, q.step)) problems.push(`${label}满分 ${q.fullScore} 不是给分步长 ${q.step} 的整数倍`);
    const [answer, keyError] = normalizeKey(q.type, q.answer);
    if (keyError) problems.push(`${label}${keyError}`);
    let partialScore: number | null = null;
    if (q.partialScore != null) {
      if (q.type !== 'multiple') problems.push(`${label}只有多选题可以设置部分得分`);
      else if (q.partialScore >= q.fullScore) problems.push(`${label}部分得分须小于满分`);
      else partialScore = q.partialScore;
    }
    return { ...q, no, parentNo: q.parentNo ? normalizeNo(q.parentNo) : null, answer, partialScore };
  });
  const sum = round2(out.reduce((s, q) => s + q.fullScore, 0));
  if (Math.abs(sum - subjectFullScore) > 1e-6) problems.push(`小题满分之和 ${sum} 分与科目满分 ${subjectFullScore} 分不一致`);
  if (problems.length) {
    const shown = problems.slice(0, 10);
    throw new BizError(shown.join('；') + (problems.length > shown.length ? `；等 ${problems.length} 处问题` : ''));
  }
  return out;
}

/**
 * Replaces a subject's question set (one transaction). Questions are matched by number: unchanged numbers
 * keep their id (and scores). If the subject has scores, a change of numbers, types, full scores or steps
 * needs clearScores = true and removes every score of the subject; a change of keys re-scores the stored
 * option letters. A totals-only subject's synthetic question is removed (with its scores, clearScores needed).
 */
export async function saveQuestions(db: Db, user: SchoolUser, examSubjectId: number, questions: QuestionInput[], clearScores: boolean): Promise<{ cleared: boolean }> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId, 'edit');
  assertNotReleased(exam, '成绩已发布，不能修改小题');
  const next = validateQuestions(subject.full_score, questions);
  // clears or re-scores the subject's scores: under the exam's score lock
  return withExamLock(db, exam.id, async (tx) => {
    const existing = await repo.questionsOf(tx, [examSubjectId], true);
    const real = existing.filter((q) => !q.isTotal);
    const byNo = new Map(real.map((q) => [q.no, q]));
    const structural = existing.some((q) => q.isTotal) || real.length !== next.length
      || next.some((q) => {
        const old = byNo.get(q.no);
        return !old || old.type !== q.type || Math.abs(old.fullScore - q.fullScore) > 1e-6 || Math.abs(old.step - q.step) > 1e-6;
      });
    const hasScores = await repo.subjectHasScores(tx, examSubjectId);
    let cleared = false;
    if (structural && hasScores) {
      if (!clearScores) throw new BizError('该科目已有成绩，修改题号、题型、满分或步长会清除已录入的成绩；确认清除后请重新保存（clearScores=true）', 409);
      await repo.clearSubjectScores(tx, examSubjectId);
      cleared = true;
    }
    // Groups named in the set are created when missing.
    const groups = await repo.groupsOf(tx, examSubjectId);
    const groupId = new Map(groups.map((g) => [g.name, g.id]));
    for (const name of new Set(next.map((q) => q.groupName).filter((n): n is string => !!n))) {
      if (!groupId.has(name)) {
        const g = await tx.insertInto('question_group').values({ exam_subject_id: examSubjectId, name, sort: groupId.size + 1 }).returning('id').executeTakeFirstOrThrow();
        groupId.set(name, g.id);
      }
    }
    const keep = new Set(next.map((q) => q.no));
    const drop = existing.filter((q) => q.isTotal || !keep.has(q.no)).map((q) => q.id);
    if (drop.length) {
      await repo.deleteScoresOfQuestions(tx, drop);
      await tx.deleteFrom('question').where('id', 'in', drop).execute();
    }
    const rescore: number[] = [];
    for (const [i, q] of next.entries()) {
      const old = byNo.get(q.no);
      const values = {
        parent_no: q.parentNo, sort: i + 1, type: q.type, full_score: q.fullScore, step: q.step, answer: q.answer,
        partial_score: q.partialScore, knowledge_points: q.knowledgePoints,
        ...(q.groupName === undefined ? {} : { group_id: q.groupName ? groupId.get(q.groupName)! : null }),
      };
      if (old) {
        await tx.updateTable('question').set(values).where('id', '=', old.id).execute();
        if (!cleared && isObjective(q.type) && (old.answer !== q.answer || old.partialScore !== q.partialScore)) rescore.push(old.id);
      } else {
        await tx.insertInto('question').values({ exam_subject_id: examSubjectId, no: q.no, ...values, group_id: values.group_id ?? null }).execute();
      }
    }
    if (rescore.length) await rescoreChoices(tx, rescore);
    await repo.markFlow(tx, examSubjectId, 'question');
    await refreshExamStatus(tx, exam.id);
    return { cleared };
  }, { unreleased: '成绩已发布，不能修改小题' });
}

/** Re-scores stored option letters after a key change. */
async function rescoreChoices(tx: Tx, questionIds: number[]): Promise<void> {
  const questions = await tx.selectFrom('question').select(['id', 'type', 'full_score', 'step', 'answer', 'partial_score'])
    .where('id', 'in', questionIds).execute();
  for (const q of questions) {
    const rows = await tx.selectFrom('question_score').select(['exam_student_id', 'choice']).where('question_id', '=', q.id).where('choice', 'is not', null).execute();
    if (!rows.length) continue;
    const sq = { type: q.type, fullScore: Number(q.full_score), step: Number(q.step), answer: q.answer, partialScore: q.partial_score === null ? null : Number(q.partial_score) };
    const ids = rows.map((r) => r.exam_student_id);
    const scores = rows.map((r) => (sq.answer ? scoreChoice(sq, r.choice!) : 0));
    await sql`update question_score qs set score = v.score
      from (select unnest(${ids}::int[]) as sid, unnest(${scores}::numeric[]) as score) v
      where qs.question_id = ${q.id} and qs.exam_student_id = v.sid`.execute(tx);
  }
}

export async function saveKnowledge(db: Db, user: SchoolUser, examSubjectId: number, items: { questionId: number; knowledgePoints: string[] }[]) {
  await subjectFor(db, user, examSubjectId, 'edit');
  const ids = [...new Set(items.map((i) => i.questionId))];
  const own = await db.selectFrom('question').select('id').where('exam_subject_id', '=', examSubjectId).where('id', 'in', ids).execute();
  if (own.length !== ids.length) throw new BizError('题目不属于该科目');
  await db.transaction().execute(async (tx) => {
    for (const item of items) {
      await tx.updateTable('question').set({ knowledge_points: [...new Set(item.knowledgePoints)] }).where('id', '=', item.questionId).execute();
    }
  });
  return findQuestions(db, user, examSubjectId);
}

export async function findGroups(db: Db, user: SchoolUser, examSubjectId: number) {
  await subjectFor(db, user, examSubjectId);
  const [groups, questions] = await Promise.all([repo.groupsOf(db, examSubjectId), repo.questionsOf(db, [examSubjectId])]);
  return groups.map((g) => {
    const qs = questions.filter((q) => q.groupId === g.id);
    return { id: g.id, name: g.name, sort: g.sort, questionIds: qs.map((q) => q.id), questionNos: qs.map((q) => q.no) };
  });
}

export async function saveGroup(db: Db, user: SchoolUser, body: { examSubjectId: number; id?: number; name: string; questionIds: number[] }) {
  await subjectFor(db, user, body.examSubjectId, 'edit');
  const ids = [...new Set(body.questionIds)];
  if (ids.length) {
    const own = await db.selectFrom('question').select('id').where('exam_subject_id', '=', body.examSubjectId).where('is_total', '=', false).where('id', 'in', ids).execute();
    if (own.length !== ids.length) throw new BizError('题目不属于该科目');
  }
  const clash = await db.selectFrom('question_group').select('id').where('exam_subject_id', '=', body.examSubjectId).where('name', '=', body.name).executeTakeFirst();
  if (clash && clash.id !== body.id) throw new BizError(`题组“${body.name}”已存在`);
  await db.transaction().execute(async (tx) => {
    let groupId = body.id;
    if (groupId) {
      const g = await tx.selectFrom('question_group').select('id').where('id', '=', groupId).where('exam_subject_id', '=', body.examSubjectId).executeTakeFirst();
      if (!g) throw notFound('题组');
      await tx.updateTable('question_group').set({ name: body.name }).where('id', '=', groupId).execute();
      await tx.updateTable('question').set({ group_id: null }).where('group_id', '=', groupId).execute();
    } else {
      const max = await tx.selectFrom('question_group').select((eb) => eb.fn.max('sort').as('m')).where('exam_subject_id', '=', body.examSubjectId).executeTakeFirst();
      groupId = (await tx.insertInto('question_group').values({ exam_subject_id: body.examSubjectId, name: body.name, sort: Number(max?.m ?? 0) + 1 })
        .returning('id').executeTakeFirstOrThrow()).id;
    }
    if (ids.length) await tx.updateTable('question').set({ group_id: groupId }).where('id', 'in', ids).execute();
  });
  return findGroups(db, user, body.examSubjectId);
}

export async function deleteGroup(db: Db, user: SchoolUser, groupId: number) {
  const g = await db.selectFrom('question_group').select(['id', 'exam_subject_id']).where('id', '=', groupId).executeTakeFirst();
  if (!g) throw notFound('题组');
  await subjectFor(db, user, g.exam_subject_id, 'edit');
  await db.deleteFrom('question_group').where('id', '=', groupId).execute();
  return findGroups(db, user, g.exam_subject_id);
}
