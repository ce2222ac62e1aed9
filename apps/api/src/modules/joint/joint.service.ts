/**
 * Joint exams (联考, docs/DOMAIN-RULES.md §7): the organiser creates the exam and invites schools; a school joins by
 * invitation or registration code, confirms its classes (its candidates get the unified 考号) or withdraws while it
 * has no scores. The organiser is the exam's owner (exam.school_id), so it alone releases through the existing
 * release; every call here checks the caller's school against the exam's organiser or exam_school.
 */
import { randomInt } from 'node:crypto';
import { anonymousSchoolName, assignJointExamNos, EXAM_SCHOOL_STATUS_NAMES, MAX_JOINT_SCHOOLS, registrationCode } from '@jz/shared/joint';
import type { AddJointExamBody, JointExam, JointSchool } from '@jz/shared/api/joint';
import type { Db, Tx } from '../../db/database.js';
import type { JointScoring } from '../../db/schema.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden, notFound, page } from '../../core/http.js';
import { canEditExam, type SchoolUser } from '../exam/exam.access.js';
import * as examRepo from '../exam/exam.repository.js';
import { refreshExamStatus } from '../exam/exam.status.js';
import { copySchoolDefaultsToExam } from '../exam-setting/school-setting.repository.js';
import * as repo from './joint.repository.js';
import { schoolProgress } from './joint-progress.service.js';

export { schoolsMarkingOpen, schoolsMissingScores } from './joint-progress.service.js';

type Role = 'organiser' | 'participant';

/** Only a school's (or bureau's) administrator manages joint exams. */
export function assertAdminOf(user: SchoolUser) {
  if (!hasRole(user, 'school_admin')) throw forbidden();
}
const assertAdmin = assertAdminOf;

/** The joint exam and the caller's part in it; a school that withdrew, or never took part, is refused. */
export async function jointAccess(q: Db | Tx, user: SchoolUser, examId: number, need: Role | 'any' = 'any') {
  assertAdmin(user);
  const exam = await repo.findJointExam(q, examId);
  if (!exam) throw notFound('联考');
  const own = await repo.examSchoolOf(q, examId, user.schoolId);
  const role: Role | null = exam.schoolId === user.schoolId ? 'organiser' : own && own.status !== 'withdrawn' ? 'participant' : null;
  if (!role || (need === 'organiser' && role !== 'organiser')) throw forbidden();
  if (need === 'participant' && !own) throw forbidden();
  return { exam, role, own };
}

const newCode = () => registrationCode(() => randomInt(0, 2 ** 32) / 2 ** 32);

export async function createJointExam(db: Db, user: SchoolUser, body: AddJointExamBody): Promise<JointExam> {
  assertAdmin(user);
  if (body.endDate < body.startDate) throw new BizError('结束日期不能早于开始日期');
  const grade = await examRepo.gradeOfSchool(db, user.schoolId, body.gradeId);
  if (!grade) throw forbidden();
  if (!canEditExam(user, { gradeId: grade.id })) throw forbidden();
  const codes = body.subjects.map((s) => s.courseCode);
  const dup = codes.find((c, i) => codes.indexOf(c) !== i);
  if (dup) throw new BizError(`科目 ${dup} 重复`);
  const courseOf = new Map((await examRepo.gradeCourses(db, user.schoolId, grade.id)).map((c) => [c.course_code, c]));
  const unknown = codes.filter((c) => !courseOf.has(c));
  if (unknown.length) throw new BizError(`科目 ${unknown.join('、')} 不是${grade.name}的学科`);
  const [me] = await repo.schoolsByIds(db, [user.schoolId]);
  await assertInvitable(db, user.schoolId, body.schoolIds);
  const examId = await db.transaction().execute(async (tx) => {
    const id = await examRepo.insertExam(tx, {
      school_id: user.schoolId, name: body.name, exam_type: body.examType, grade_id: grade.id, semester_id: null,
      mode: 'joint', start_date: body.startDate, end_date: body.endDate, reference_exam_id: null, created_by: user.id,
      anonymise_schools: body.anonymiseSchools,
    });
    await repo.setRegistrationCode(tx, id, newCode());
    await examRepo.insertExamSubjects(tx, body.subjects.map((s, i) => ({
      exam_id: id, course_code: s.courseCode, course_name: courseOf.get(s.courseCode)!.course_name,
      full_score: s.fullScore, exam_date: s.examDate ?? null, sort: i + 1, joint_scoring: s.scoring,
    })));
    // a lead school sits its own exam: code 01
    if (me?.kind === 'school') await repo.insertExamSchool(tx, { exam_id: id, school_id: user.schoolId, code: 1, status: 'joined', updated_by: user.id });
    await inviteInto(tx, id, body.schoolIds, user.id);
    await copySchoolDefaultsToExam(tx, user.schoolId, id, user.id);
    await refreshExamStatus(tx, id);
    return id;
  });
  return getJointExam(db, user, examId);
}

/** Invitable: open schools (not bureaus), other than the organiser. */
async function assertInvitable(q: Db | Tx, organiserId: number, schoolIds: number[]) {
  const ids = [...new Set(schoolIds)];
  if (!ids.length) return;
  if (ids.includes(organiserId)) throw new BizError('组织方学校无需邀请');
  const found = await repo.schoolsByIds(q, ids);
  if (found.length !== ids.length || found.some((s) => s.status !== 1)) throw new BizError('所选学校不存在或已关闭');
  const bureau = found.find((s) => s.kind !== 'school');
  if (bureau) throw new BizError(`${bureau.name}是教育局，不能参加联考`);
}

async function inviteInto(tx: Tx, examId: number, schoolIds: number[], userId: number): Promise<number> {
  await repo.lockExamRow(tx, examId);
  const present = new Set((await repo.examSchools(tx, examId)).map((s) => s.schoolId));
  let code = await repo.nextSchoolCode(tx, examId);
  let n = 0;
  for (const schoolId of [...new Set(schoolIds)]) {
    if (present.has(schoolId)) continue;
    if (code > MAX_JOINT_SCHOOLS) throw new BizError(`联考最多 ${MAX_JOINT_SCHOOLS} 所学校`);
    await repo.insertExamSchool(tx, { exam_id: examId, school_id: schoolId, code: code++, status: 'invited', updated_by: userId });
    n++;
  }
  return n;
}

export async function inviteSchools(db: Db, user: SchoolUser, examId: number, schoolIds: number[]): Promise<JointExam> {
  const { exam } = await jointAccess(db, user, examId, 'organiser');
  if (exam.releasedAt) throw new BizError('联考成绩已发布，不能再邀请学校');
  await assertInvitable(db, user.schoolId, schoolIds);
  const n = await db.transaction().execute((tx) => inviteInto(tx, examId, schoolIds, user.id));
  if (!n) throw new BizError('所选学校都已在联考中');
  return getJointExam(db, user, examId);
}

/** The exam a registration code opens, as the caller's school would join it. */
export async function lookupCode(db: Db, user: SchoolUser, code: string) {
  assertAdmin(user);
  const exam = await repo.findByRegistrationCode(db, code);
  if (!exam) throw new BizError('注册码无效', 404);
  if (exam.schoolId === user.schoolId) throw new BizError('这是本单位组织的联考');
  const own = await repo.examSchoolOf(db, exam.id, user.schoolId);
  const subjects = await examRepo.subjectsOf(db, [exam.id]);
  return { examId: exam.id, name: exam.name, organiserName: exam.organiserName, gradeName: exam.gradeName, subjects: subjects.map((s) => s.courseName), myStatus: own?.status ?? null };
}

/** examAddUser (by code) and accept (an invitation): the school joins; a school that withdrew may come back. */
export async function joinExam(db: Db, user: SchoolUser, by: { code: string } | { examId: number }): Promise<JointExam> {
  assertAdmin(user);
  const exam = 'code' in by ? await repo.findByRegistrationCode(db, by.code) : await repo.findJointExam(db, by.examId);
  if (!exam) throw 'code' in by ? new BizError('注册码无效', 404) : notFound('联考');
  if (exam.schoolId === user.schoolId) throw new BizError('这是本单位组织的联考');
  const [me] = await repo.schoolsByIds(db, [user.schoolId]);
  if (me?.kind !== 'school') throw new BizError('教育局不能参加联考');
  await db.transaction().execute(async (tx) => {
    await repo.lockExamRow(tx, exam.id);
    if ((await examRepo.examReleasedAt(tx, exam.id))?.released_at) throw new BizError('联考成绩已发布，不能加入');
    const own = await repo.examSchoolOf(tx, exam.id, user.schoolId);
    if (!own) {
      // without the code only an invited school may join
      if (!('code' in by)) throw forbidden();
      const code = await repo.nextSchoolCode(tx, exam.id);
      if (code > MAX_JOINT_SCHOOLS) throw new BizError(`联考最多 ${MAX_JOINT_SCHOOLS} 所学校`);
      await repo.insertExamSchool(tx, { exam_id: exam.id, school_id: user.schoolId, code, status: 'joined', updated_by: user.id });
      return;
    }
    if (own.status === 'joined' || own.status === 'confirmed') throw new BizError('本校已加入该联考');
    await repo.setExamSchool(tx, exam.id, user.schoolId, { status: 'joined', class_ids: [], updated_by: user.id });
  });
  return getJointExam(db, user, exam.id);
}

/** The school's classes sit the exam: its candidates are listed again with the unified 考号. */
export async function confirmClasses(db: Db, user: SchoolUser, examId: number, classIds: number[]): Promise<JointExam> {
  const { exam, own } = await jointAccess(db, user, examId, 'participant');
  const ids = [...new Set(classIds)];
  const classes = await repo.classesOfSchool(db, user.schoolId, ids);
  if (classes.length !== ids.length) throw forbidden();
  const wrong = classes.find((c) => c.gradeDictId === null || c.gradeDictId !== exam.gradeDictId);
  if (wrong) throw new BizError(`${wrong.gradeName}${wrong.name}不是${exam.gradeName}的班级`);
  await db.transaction().execute(async (tx) => {
    await repo.lockExamRow(tx, examId);
    if ((await examRepo.examReleasedAt(tx, examId))?.released_at) throw new BizError('联考成绩已发布，不能修改');
    if (await repo.schoolHasScores(tx, examId, user.schoolId)) throw new BizError('本校考生已有成绩，不能再修改参考班级');
    const students = await repo.studentsOfClasses(tx, user.schoolId, ids);
    if (!students.length) throw new BizError('所选班级没有在读学生');
    const byClass = classes.map((c) => students.filter((s) => s.classId === c.id));
    let numbered;
    try {
      numbered = assignJointExamNos(own!.code, byClass);
    } catch (e) {
      throw new BizError((e as Error).message);
    }
    await repo.deleteCandidates(tx, examId, user.schoolId);
    await repo.insertCandidates(tx, examId, user.schoolId, numbered.map((x) => ({
      studentId: x.student.id, classId: x.student.classId!, examNo: x.examNo, seat: x.seat, registrationType: x.student.registrationType,
    })));
    await repo.setExamSchool(tx, examId, user.schoolId, { status: 'confirmed', class_ids: classes.map((c) => c.id), updated_by: user.id });
    await refreshExamStatus(tx, examId);
  });
  return getJointExam(db, user, examId);
}

/** The school leaves before any of its candidates has a score; its candidates go. The organiser cannot leave. */
export async function withdraw(db: Db, user: SchoolUser, examId: number): Promise<JointExam> {
  const { exam, role } = await jointAccess(db, user, examId, 'participant');
  if (role === 'organiser') throw new BizError('组织方不能退出联考');
  await db.transaction().execute(async (tx) => {
    await repo.lockExamRow(tx, examId);
    if ((await examRepo.examReleasedAt(tx, exam.id))?.released_at) throw new BizError('联考成绩已发布，不能退出');
    if (await repo.schoolHasScores(tx, examId, user.schoolId)) throw new BizError('本校考生已有成绩，不能退出联考');
    await repo.deleteCandidates(tx, examId, user.schoolId);
    await repo.setExamSchool(tx, examId, user.schoolId, { status: 'withdrawn', class_ids: [], updated_by: user.id });
    await refreshExamStatus(tx, examId);
  });
  return toJointExams(db, user, [exam]).then((x) => x[0]!);
}

export async function setAnonymise(db: Db, user: SchoolUser, examId: number, anonymise: boolean): Promise<JointExam> {
  await jointAccess(db, user, examId, 'organiser');
  await repo.setAnonymise(db, examId, anonymise);
  return getJointExam(db, user, examId);
}

/** The organiser chooses how one subject's scores come in: 学校导入, 各校阅卷 or 混合阅卷 (before release). */
export async function setScoring(db: Db, user: SchoolUser, body: { examId: number; courseCode: string; scoring: JointScoring }): Promise<JointExam> {
  const { exam } = await jointAccess(db, user, body.examId, 'organiser');
  if (exam.releasedAt) throw new BizError('联考成绩已发布，不能修改评分方式');
  if (!(await repo.setSubjectScoring(db, body.examId, body.courseCode, body.scoring))) throw new BizError(`科目 ${body.courseCode} 不在该联考中`);
  return getJointExam(db, user, body.examId);
}

export async function getJointExam(db: Db, user: SchoolUser, examId: number): Promise<JointExam> {
  const { exam } = await jointAccess(db, user, examId);
  return (await toJointExams(db, user, [exam]))[0]!;
}

export async function pageJointExams(db: Db, user: SchoolUser, q: { current: number; size: number }) {
  assertAdmin(user);
  const { rows, total } = await repo.pageJointExams(db, user.schoolId, (q.current - 1) * q.size, q.size);
  return page(await toJointExams(db, user, rows), total, q);
}

/**
 * The exam as the caller may see it: the organiser every school by name with its registration code; a participant
 * its own row by name and the others named or as 学校A … (by code order) as the organiser set; a school that
 * withdrew its own row only.
 */
async function toJointExams(db: Db, user: SchoolUser, rows: repo.JointExamRow[]): Promise<JointExam[]> {
  const out: JointExam[] = [];
  for (const e of rows) {
    const schools = await repo.examSchools(db, e.id);
    const subjects = await examRepo.subjectsOf(db, [e.id]);
    const organiser = e.schoolId === user.schoolId;
    const mine = schools.find((s) => s.schoolId === user.schoolId);
    const progress = await schoolProgress(db, e.id, subjects);
    const scoring = await repo.subjectScoring(db, e.id);
    const blocks = [...scoring.values()].includes('school_marking') ? await repo.schoolMarkingState(db, e.id) : []; // 各校阅卷 only
    const visible = organiser || mine?.status !== 'withdrawn' ? schools : schools.filter((s) => s === mine);
    const list: JointSchool[] = visible.map((s, i) => {
      const own = s.schoolId === user.schoolId;
      const named = organiser || own || !e.anonymiseSchools;
      const p = progress.get(s.schoolId);
      return {
        schoolId: named ? s.schoolId : null, schoolName: named ? s.schoolName : anonymousSchoolName(i), code: s.code, status: s.status,
        statusName: EXAM_SCHOOL_STATUS_NAMES[s.status], classCount: s.classIds.length, studentCount: p?.students ?? 0,
        scoreCellsNeeded: p?.needed ?? 0, scoreCellsDone: p?.done ?? 0, own,
        scannedSheets: p?.scanned ?? 0, markingPapers: p?.papers ?? 0, markedPapers: p?.marked ?? 0,
        markingBlocks: blocks.filter((b) => b.schoolId === s.schoolId).map((b) => ({ courseName: b.courseName, blockName: b.blockName, papers: b.papers, marked: b.papers - b.open })),
      };
    });
    out.push({
      examId: e.id, name: e.name, examType: e.examType, gradeName: e.gradeName, organiserName: e.organiserName, startDate: e.startDate, endDate: e.endDate,
      status: e.status, releasedAt: e.releasedAt ? new Date(e.releasedAt).toISOString() : null,
      subjects: subjects.map((s) => ({ examSubjectId: s.id, courseCode: s.courseCode, courseName: s.courseName, fullScore: s.fullScore, scoring: scoring.get(s.id) ?? 'import' })),
      role: organiser ? 'organiser' : 'participant', myStatus: mine?.status ?? null,
      registrationCode: organiser ? e.registrationCode : null, anonymiseSchools: e.anonymiseSchools, schools: list,
    });
  }
  return out;
}

/** The release check's joint part: schools still to confirm their classes or withdraw. */
export async function unconfirmedSchools(q: Db | Tx, examId: number): Promise<string[]> {
  return (await repo.examSchools(q, examId)).filter((s) => s.status === 'invited' || s.status === 'joined').map((s) => s.schoolName);
}
