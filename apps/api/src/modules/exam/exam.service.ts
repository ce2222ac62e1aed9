/** exam_manage: the exams themselves (list, create, delete, reference exam, copy/transfer of a subject). */
import { examTypeLabel } from '@jz/shared/exam';
import { EXAM_STATUSES, type AddExamBody, type Exam, type QuestionTemplate, usedCardTypeLabel } from '@jz/shared/api/exam';
import type { Db } from '../../db/database.js';
import { BizError, forbidden, page } from '../../core/http.js';
import { assertFilterVisible, visibleGradeIds } from '../../core/scope.js';
import { assertNotReleased, canEditExam, examFor, examScopeFor, subjectFor, type SchoolUser } from './exam.access.js';
import { examProgress, refreshExamStatus } from './exam.status.js';
import { findQuestions, questionInputsOf, saveQuestions } from './exam-question.service.js';
import * as repo from './exam.repository.js';
import { copySchoolDefaultsToExam } from '../exam-setting/school-setting.repository.js';
import { busyMessage, liveLease, lockExam, withExamLock } from '../job/exam-lock.repository.js';
import { deleteExamScores, withScoreWrites } from '../score/score-write.service.js';
import { answerFilesOf } from '../marking/marking-answer.service.js';
import { scannableSubjects } from '../scan/scan.access.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

async function toExams(db: Db, user: SchoolUser, rows: repo.ExamRow[]): Promise<Exam[]> {
  const ids = rows.map((r) => r.id);
  const [subjects, counts, decided] = await Promise.all([
    repo.subjectsOf(db, ids), repo.studentCounts(db, ids), repo.decidedMarkingCells(db, rows.filter((r) => r.status === 2).map((r) => r.id)),
  ]);
  const gradeOf = new Map(rows.map((r) => [r.id, { gradeId: r.gradeId }]));
  const scannable = await scannableSubjects(db, user, subjects.map((s) => ({ id: s.id, courseCode: s.courseCode, exam: gradeOf.get(s.examId)! })));
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
    progress: examProgress(r.status, r.progress, r.cellsNeeded, r.cellsDone, decided.get(r.id) ?? 0),
    referenceExamId: r.referenceExamId,
    releasedAt: iso(r.releasedAt),
    createdAt: iso(r.createdAt)!,
    studentCount: counts.get(r.id)?.students ?? 0,
    classCount: counts.get(r.id)?.classes ?? 0,
    subjects: subjects.filter((s) => s.examId === r.id).map(({ examId: _e, sort: _s, excludedCount: excluded, ...s }) => ({
      ...s, noScanCount: Math.max(0, (counts.get(r.id)?.students ?? 0) - excluded - s.missExamCount - s.abnormalCount - s.uploadCount),
      usedCardTypeName: usedCardTypeLabel(s.usedCardType), canScan: scannable.has(s.id),
    })),
  }));
}

export async function findExamPage(db: Db, user: SchoolUser, q: { current: number; size: number; name?: string; examType?: number; gradeId?: number; status?: number }) {
  await assertFilterVisible(db, user, q);
  const gradeIds = await visibleGradeIds(db, user);
  const { rows, total } = await repo.pageExams(db, { schoolId: user.schoolId, gradeIds, ...q }, q.current, q.size);
  return page(await toExams(db, user, rows), total, q);
}

/** One exam; a joint exam's confirmed participant (its administrator) reads it too, as participantView shows it. */
export async function getExam(db: Db, user: SchoolUser, examId: number): Promise<Exam> {
  const { exam, schoolId } = await examScopeFor(db, user, examId);
  const shown = (await toExams(db, user, [exam]))[0]!;
  return schoolId === null ? shown : participantView(db, shown, schoolId);
}

/**
 * A joint exam as a participating school's scanning pages need it: only the subjects it scans (各校阅卷, 混合阅卷),
 * every count over its own candidates, so nothing of another school's progress shows.
 */
async function participantView(db: Db, exam: Exam, schoolId: number): Promise<Exam> {
  const own = await repo.participantCounts(db, exam.id, schoolId);
  return {
    ...exam, studentCount: own.students, classCount: own.classes,
    subjects: exam.subjects.filter((s) => own.subjects.has(s.id)).map((s) => {
      const { excludedCount, ...c } = own.subjects.get(s.id)!;
      return { ...s, ...c, noScanCount: Math.max(0, own.students - excludedCount - c.missExamCount - c.abnormalCount - c.uploadCount), canScan: true };
    }),
  };
}

/** myExamCourse/school-exam-course-relation-infos/{id}: the exam subject as getExam lists it, with its exam. */
export async function getExamSubject(db: Db, user: SchoolUser, examSubjectId: number) {
  const { exam } = await subjectFor(db, user, examSubjectId);
  const e = await getExam(db, user, exam.id);
  const subject = e.subjects.find((s) => s.id === examSubjectId)!;
  return { ...subject, examId: e.id, examName: e.name, examType: e.examType, gradeId: e.gradeId, gradeName: e.gradeName, examStatus: e.status };
}

export async function addExam(db: Db, user: SchoolUser, body: AddExamBody, mode: 'single' | 'multi'): Promise<Exam> {
  if (mode === 'single' && body.subjects.length !== 1) throw new BizError('单科考试只能设置一个科目');
  if (body.endDate < body.startDate) throw new BizError('结束日期不能早于开始日期');
  const grade = await repo.gradeOfSchool(db, user.schoolId, body.gradeId);
  if (!grade) throw forbidden();
  if (!canEditExam(user, { gradeId: grade.id })) throw forbidden();
  if (body.semesterId) {
    if (!(await repo.semesterInSchool(db, user.schoolId, body.semesterId))) throw new BizError('学期不存在');
  }
  if (body.referenceExamId) {
    if (!(await repo.examInSchool(db, user.schoolId, body.referenceExamId))) throw new BizError('参照考试不存在');
  }
  const codes = body.subjects.map((s) => s.courseCode);
  const dup = codes.find((c, i) => codes.indexOf(c) !== i);
  if (dup) throw new BizError(`科目 ${dup} 重复`);
  const courses = await repo.gradeCourses(db, user.schoolId, grade.id);
  const courseOf = new Map(courses.map((c) => [c.course_code, c]));
  const unknown = codes.filter((c) => !courseOf.has(c));
  if (unknown.length) throw new BizError(`科目 ${unknown.join('、')} 不是${grade.name}的学科`);
  const classIds = [...new Set(body.classIds)];
  const classes = await repo.classesOfSchool(db, user.schoolId, classIds);
  if (classes.length !== classIds.length) throw forbidden();
  if (classes.some((c) => c.grade_id !== grade.id)) throw new BizError(`所选班级须都属于${grade.name}`);

  const examId = await db.transaction().execute(async (tx) => {
    const id = await repo.insertExam(tx, {
      school_id: user.schoolId, name: body.name, exam_type: body.examType, grade_id: grade.id, semester_id: body.semesterId ?? null,
      mode, start_date: body.startDate, end_date: body.endDate, reference_exam_id: body.referenceExamId ?? null, created_by: user.id,
    });
    await repo.insertExamSubjects(tx, body.subjects.map((s, i) => ({
      exam_id: id, course_code: s.courseCode, course_name: courseOf.get(s.courseCode)!.course_name,
      full_score: s.fullScore, exam_date: s.examDate ?? null, sort: i + 1,
    })));
    const n = await repo.insertExamStudents(tx, id, user.schoolId, classIds);
    if (n === 0) throw new BizError('所选班级没有在读学生');
    await copySchoolDefaultsToExam(tx, user.schoolId, id, user.id);
    await refreshExamStatus(tx, id);
    return id;
  });
  return getExam(db, user, examId);
}

/** Answers the storage keys of the exam's 标答 images (its blocks go with it): the caller drops them after the commit. */
export async function deleteExam(db: Db, user: SchoolUser, examId: number): Promise<string[]> {
  const exam = await examFor(db, user, examId, 'edit');
  assertNotReleased(exam, '考试成绩已发布，不能删除');
  return withScoreWrites(db, examId, async (tx) => {
    const files = await answerFilesOf(tx, { examId });
    await deleteExamScores(tx, examId);
    await repo.deleteExam(tx, examId);
    return files;
  }, { unreleased: '考试成绩已发布，不能删除' });
}

/** benchMarkExamPaper: sets (or clears) the reference exam of the caller's school used for progress. */
export async function setReferenceExam(db: Db, user: SchoolUser, examId: number, referenceExamId: number | null): Promise<Exam> {
  const exam = await examFor(db, user, examId, 'edit');
  if (referenceExamId !== null) {
    if (referenceExamId === exam.id) throw new BizError('参照考试不能是本场考试');
    if (!(await repo.examInSchool(db, user.schoolId, referenceExamId))) throw new BizError('参照考试不存在');
  }
  await repo.setReferenceExam(db, exam.id, referenceExamId);
  return getExam(db, user, exam.id);
}

export async function getExamSchool(db: Db, user: SchoolUser, examId: number) {
  await examFor(db, user, examId);
  return repo.examSchool(db, examId);
}

/** Copies the question set-up of one subject onto another subject (same full score, no scores yet). */
export async function copySubject(db: Db, user: SchoolUser, fromId: number, toId: number): Promise<QuestionTemplate> {
  if (fromId === toId) throw new BizError('源科目与目标科目相同');
  const from = await subjectFor(db, user, fromId, 'view');
  const to = await subjectFor(db, user, toId, 'edit');
  assertNotReleased(to.exam);
  if (Math.abs(from.subject.full_score - to.subject.full_score) > 1e-6) throw new BizError('两个科目的满分不同，不能复制小题');
  const inputs = await questionInputsOf(db, fromId);
  if (!inputs.length) throw new BizError('源科目还没有设置小题');
  await saveQuestions(db, user, toId, inputs, false);
  return findQuestions(db, user, toId);
}

/**
 * Moves a subject without scores to another unreleased exam of the same grade that lacks that course. Both
 * exams' score locks are held (in id order), so that no import lands in the subject and no release of either
 * exam runs meanwhile (409 成绩正在发布，请稍后再试).
 */
export async function transferSubject(db: Db, user: SchoolUser, examSubjectId: number, targetExamId: number) {
  const { exam, subject } = await subjectFor(db, user, examSubjectId, 'view');
  if (!canEditExam(user, exam)) throw forbidden();
  const target = await examFor(db, user, targetExamId, 'edit');
  if (target.id === exam.id) throw new BizError('目标考试与原考试相同');
  assertNotReleased(exam);
  assertNotReleased(target);
  if (target.gradeId !== exam.gradeId) throw new BizError('只能转移到同一年级的考试');
  const [first, second] = [exam.id, target.id].sort((a, b) => a - b) as [number, number];
  await withExamLock(db, first, async (tx) => {
    await lockExam(tx, second);
    const lease = await liveLease(tx, second);
    if (lease) throw new BizError(busyMessage(lease), 409);
    for (const id of [exam.id, target.id]) if ((await repo.examReleasedAt(tx, id))?.released_at) throw new BizError('成绩已发布，不能修改');
    if ((await repo.findSubject(tx, examSubjectId))?.exam_id !== exam.id) throw new BizError('该科目已不在原考试中');
    if (await repo.subjectHasScores(tx, examSubjectId)) throw new BizError('该科目已有成绩，不能转移');
    if (await repo.examHasCourse(tx, target.id, subject.course_code)) throw new BizError(`目标考试已有${subject.course_name}科目`);
    if ((await repo.subjectCount(tx, exam.id)) <= 1) throw new BizError('考试至少要保留一个科目');
    await repo.moveSubject(tx, examSubjectId, subject.course_code, exam.id, target.id);
    await refreshExamStatus(tx, exam.id);
    await refreshExamStatus(tx, target.id);
  });
  return getExam(db, user, target.id);
}
