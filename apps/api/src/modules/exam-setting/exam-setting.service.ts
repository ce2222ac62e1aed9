/**
 * Per-exam analysis settings (systemConfig). A value is stored per exam (course_code null) or per exam subject
 * (course-level families only); nothing stored = the default of @jz/shared/api/exam-setting. A new exam starts
 * with the school's analysis defaults copied in (school-setting.service.ts), and an exam-wide 恢复默认 goes back to
 * the school's default when the school set one. Changing settings is allowed after release (they reach the reports
 * at the next release or approved correction).
 */
import {
  COURSE_LEVEL_FAMILIES, SETTING_DEFAULTS, SETTING_FAMILIES, SETTING_FAMILY_NAMES, resolveSetting, sameSettingValue,
  type SettingFamily, type SettingItem,
} from '@jz/shared/api/exam-setting';
import type { Db } from '../../db/database.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { canEditExam, canEditSubject, examFor, type SchoolUser } from '../exam/exam.access.js';
import * as repo from './exam-setting.repository.js';
import { parseSetting, schoolDefaults } from './school-setting.service.js';

export async function querySettings(db: Db, user: SchoolUser, examId: number, courseCode?: string) {
  const exam = await examFor(db, user, examId);
  if (courseCode && !(await repo.subjectCodes(db, exam.id)).includes(courseCode)) throw new BizError('该考试没有这个科目');
  const [stored, school] = await Promise.all([repo.storedOf(db, exam.id), schoolDefaults(db, user.schoolId)]);
  const items: SettingItem[] = SETTING_FAMILIES.map((family) => {
    const courseLevel = !!courseCode && COURSE_LEVEL_FAMILIES.includes(family);
    const { value, source } = resolveSetting(family, stored, courseLevel ? courseCode : null);
    const own = stored.find((s) => s.family === family && s.courseCode === (courseLevel ? courseCode : null));
    const defaultValue = school.get(family) ?? SETTING_DEFAULTS[family];
    return {
      family,
      familyName: SETTING_FAMILY_NAMES[family],
      id: own?.id ?? null,
      courseLevel,
      value,
      source,
      isDefault: sameSettingValue(value, defaultValue),
      defaultValue,
      defaultSource: school.has(family) ? 'school' as const : 'platform' as const,
    };
  });
  return { examId: exam.id, courseCode: courseCode ?? null, items };
}

/** The exam, checked for editing the family at the asked level. */
async function editable(db: Db, user: SchoolUser, examId: number, family: SettingFamily, courseCode?: string) {
  const exam = await examFor(db, user, examId);
  if (courseCode) {
    if (!COURSE_LEVEL_FAMILIES.includes(family)) throw new BizError(`${SETTING_FAMILY_NAMES[family]}只能按整场考试设置，不能按科目设置`);
    if (!(await repo.subjectCodes(db, exam.id)).includes(courseCode)) throw new BizError('该考试没有这个科目');
    if (!canEditSubject(user, exam, courseCode)) throw forbidden();
  } else if (!canEditExam(user, exam)) {
    throw forbidden();
  }
  return exam;
}

export async function updateSetting(db: Db, user: SchoolUser, body: { examId: number; courseCode?: string; family: SettingFamily; value: unknown }) {
  const exam = await editable(db, user, body.examId, body.family, body.courseCode);
  const value = parseSetting(body.family, body.value);
  if (body.family === 'subjectCombos') {
    const codes = await repo.subjectCodes(db, exam.id);
    const combos = (JSON.parse(value) as { combos: { name: string; courseCodes: string[] }[] }).combos;
    const bad = combos.flatMap((c) => c.courseCodes).filter((c) => !codes.includes(c));
    if (bad.length) throw new BizError(`科目组合中的 ${[...new Set(bad)].join('、')} 不是本次考试的科目`);
  }
  const courseCode = body.courseCode ?? null;
  await db.transaction().execute((tx) => repo.upsertSetting(tx, exam.id, courseCode, body.family, value, user.id));
  return querySettings(db, user, exam.id, body.courseCode);
}

/**
 * Back to the default at the asked level (rollBackDefault): a subject's own value is removed (it follows the exam
 * again); the exam-wide value becomes the school's default when the school set one, else the platform's (removed).
 */
export async function rollBack(db: Db, user: SchoolUser, body: { examId: number; courseCode?: string; family: SettingFamily }) {
  const exam = await editable(db, user, body.examId, body.family, body.courseCode);
  const school = body.courseCode ? undefined : (await schoolDefaults(db, user.schoolId)).get(body.family);
  await db.transaction().execute(async (tx) => {
    if (school === undefined) await repo.deleteSetting(tx, exam.id, body.family, body.courseCode || null);
    else await repo.upsertSetting(tx, exam.id, null, body.family, JSON.stringify(school), user.id);
  });
  return querySettings(db, user, exam.id, body.courseCode);
}

/** reset/{id}: removes one stored value (the id of a query item). */
export async function resetById(db: Db, user: SchoolUser, id: number) {
  const row = await repo.settingById(db, id);
  if (!row) throw notFound('设置');
  return rollBack(db, user, { examId: row.exam_id, courseCode: row.course_code ?? undefined, family: row.family as SettingFamily });
}

/** queryExamGradeCourse/{id}: every subject of the exam with its course-level settings (own values or inherited). */
export async function queryCourseSettings(db: Db, user: SchoolUser, examId: number) {
  const exam = await examFor(db, user, examId);
  const codes = await repo.subjectCodes(db, exam.id);
  const courses = [];
  for (const code of codes) {
    const { items } = await querySettings(db, user, exam.id, code);
    courses.push({ courseCode: code, items: items.filter((i) => i.courseLevel) });
  }
  return { examId: exam.id, gradeId: exam.gradeId, courses };
}

/**
 * initSystemConfig: stores today's default (the school's, else the platform's) for every family the exam has no
 * value of, so that the exam keeps its settings even if the defaults change later. Stored values are left as they are.
 */
export async function initSettings(db: Db, user: SchoolUser, examId: number) {
  const exam = await examFor(db, user, examId);
  if (!canEditExam(user, exam)) throw forbidden();
  const [stored, school] = await Promise.all([repo.storedOf(db, exam.id), schoolDefaults(db, user.schoolId)]);
  const missing = SETTING_FAMILIES.filter((f) => !stored.some((s) => s.family === f && s.courseCode === null));
  await repo.insertSettings(db, missing.map((family) => ({
    exam_id: exam.id, course_code: null, family, value: JSON.stringify(school.get(family) ?? SETTING_DEFAULTS[family]), updated_by: user.id,
  })));
  return querySettings(db, user, exam.id);
}

/** Deletes one stored value by id, checking it is of the family the path names (deleteRate/{id}, …). */
export async function deleteById(db: Db, user: SchoolUser, id: number, family: SettingFamily) {
  const row = await repo.settingById(db, id);
  if (!row) throw notFound('设置');
  if (row.family !== family) throw new BizError(`该设置不是${SETTING_FAMILY_NAMES[family]}设置`);
  return resetById(db, user, id);
}

/** exam_manage/querySynchronizeExam: the caller's other exams of the same grade, to take settings and set-up from. */
export async function synchronizableExams(db: Db, user: SchoolUser, examId: number) {
  const exam = await examFor(db, user, examId);
  const rows = await repo.otherExamsOfGrade(db, user.schoolId, exam.gradeId, exam.id);
  return rows.map((r) => ({ ...r, startDate: r.startDate instanceof Date ? r.startDate.toISOString().slice(0, 10) : String(r.startDate) }));
}
