/**
 * Excel imports and exports. The import rule of the project: every row is validated first against lookups
 * preloaded into maps (no per-row queries); any bad row → nothing written, BizError 400 with data.errors =
 * [{ row, column, reason }]; otherwise one transaction of bulk writes, answer { created, updated, unchanged }.
 */
import { DEFAULT_RESET_PASSWORD, GENDERS, REGISTRATION_TYPES, classFullName } from '@jz/shared/school';
import {
  STUDENT_TEMPLATE, TCH_COURSE_ROLE_BY_NAME, TCH_COURSE_TEMPLATE, TEACHER_TEMPLATE, type ExcelTemplate,
} from '@jz/shared/excel-templates';
import type { ImportResult } from '@jz/shared/api/excel';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../core/auth.js';
import { forbidden } from '../../core/http.js';
import { hashPassword } from '../../core/crypto.js';
import { visibleClassIds, visibleGradeIds } from '../../core/scope.js';
import * as repo from './excel.repository.js';
import * as accountsRepo from '../users/accounts.repository.js';
import { readTemplateSheet, writeTemplate, writeWorkbook, type SheetRow } from './excel.workbook.js';
import { IMPORT_LIMITS } from './import-limits.js';
import { ErrorList } from './import-errors.js';
import type { XlsxSource } from './xlsx-read.js';

type SchoolUser = AuthUser & { schoolId: number };

/** Required cells of the template that are empty. */
function checkRequired(rows: SheetRow[], template: ExcelTemplate, errors: ErrorList) {
  for (const r of rows) {
    for (const c of template.columns) if (c.required && !r.cells[c.key]) errors.add(r.row, c.key, `${c.header}不能为空`);
  }
}

const ADMISSION_NO = /^[A-Za-z0-9_-]{1,32}$/;
const LOGIN_ID = /^[A-Za-z0-9_.@-]{4,32}$/;
const PHONE = /^1\d{10}$/;
const NAME_MAX = 30;

/** Class lookup: grade name → class name → class; '1' also finds '1班'. */
function classIndex(grades: { id: number; name: string }[], classes: { id: number; name: string; grade_id: number }[]) {
  const gradeByName = new Map(grades.map((g) => [g.name, g]));
  const classByKey = new Map(classes.map((c) => [`${c.grade_id}\u0000${c.name}`, c]));
  const findClass = (gradeId: number, name: string) => classByKey.get(`${gradeId}\u0000${name}`) ?? (/^\d+$/.test(name) ? classByKey.get(`${gradeId}\u0000${name}班`) : undefined);
  return { gradeByName, findClass };
}

// ---------------------------------------------------------------- students

export async function importStudents(db: Db, user: SchoolUser, buffer: XlsxSource): Promise<ImportResult> {
  const { rows, letters } = await readTemplateSheet(buffer, STUDENT_TEMPLATE, IMPORT_LIMITS.student);
  const [grades, classes, existing, visible] = await Promise.all([
    repo.schoolGrades(db, user.schoolId), repo.schoolClasses(db, user.schoolId), repo.schoolStudentKeys(db, user.schoolId), visibleClassIds(db, user),
  ]);
  const visibleSet = visible === 'all' ? undefined : new Set(visible);
  const { gradeByName, findClass } = classIndex(grades, classes);
  const byAdmission = new Map(existing.map((s) => [s.admission_no, s]));
  const errors = new ErrorList(letters);
  checkRequired(rows, STUDENT_TEMPLATE, errors);
  const firstRowOf = new Map<string, number>();
  const writes: repo.StudentWrite[] = [];
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  for (const { row, cells } of rows) {
    const { name, admissionNo, gender, gradeName, className } = cells;
    const registrationType = cells.registrationType || '应届';
    if (name && name.length > NAME_MAX) errors.add(row, 'name', `姓名不能超过${NAME_MAX}个字`);
    if (admissionNo) {
      if (!ADMISSION_NO.test(admissionNo)) errors.add(row, 'admissionNo', '学号只能包含字母、数字、下划线或短横线，最多32位');
      const first = firstRowOf.get(admissionNo);
      if (first !== undefined) errors.add(row, 'admissionNo', `学号与第${first}行重复`);
      else firstRowOf.set(admissionNo, row);
    }
    if (gender && !(GENDERS as readonly string[]).includes(gender)) errors.add(row, 'gender', `性别只能是${GENDERS.join('或')}`);
    if (!(REGISTRATION_TYPES as readonly string[]).includes(registrationType)) {
      errors.add(row, 'registrationType', `学籍类型只能是${REGISTRATION_TYPES.join('、')}`);
    }
    let classId: number | undefined;
    if (gradeName) {
      const grade = gradeByName.get(gradeName);
      if (!grade) errors.add(row, 'gradeName', `年级“${gradeName}”不存在`);
      else if (className) {
        const cls = findClass(grade.id, className);
        if (!cls) errors.add(row, 'className', `${gradeName}没有班级“${className}”`);
        else if (visibleSet && !visibleSet.has(cls.id)) errors.add(row, 'className', '无权限导入该班级的学生');
        else classId = cls.id;
      }
    }
    if (errors.has(row) || classId === undefined) continue;
    const write: repo.StudentWrite = { school_id: user.schoolId, class_id: classId, name, admission_no: admissionNo, gender, registration_type: registrationType };
    const old = byAdmission.get(admissionNo);
    if (!old) created++;
    else if (old.name === name && old.class_id === classId && old.gender === gender && old.registration_type === registrationType) { unchanged++; continue; }
    else {
      // A teacher limited to some classes may not move a student out of a class it cannot see.
      if (visibleSet && old.class_id !== null && !visibleSet.has(old.class_id)) { errors.add(row, 'admissionNo', '该学号属于无权限管理的班级'); continue; }
      updated++;
    }
    writes.push(write);
  }
  errors.throwIfAny();
  await db.transaction().execute((tx) => repo.upsertStudents(tx, writes));
  return { created, updated, unchanged };
}

export async function exportStudents(db: Db, user: SchoolUser, q: { gradeId?: number; classId?: number }): Promise<{ fileName: string; bytes: Buffer }> {
  const [grades, classes, visible] = await Promise.all([repo.schoolGrades(db, user.schoolId), repo.schoolClasses(db, user.schoolId), visibleClassIds(db, user)]);
  let ids = visible === 'all' ? classes.map((c) => c.id) : visible;
  let fileName = '学生名单.xlsx';
  if (q.classId) {
    const cls = classes.find((c) => c.id === q.classId);
    if (!cls || !ids.includes(cls.id) || (q.gradeId && cls.grade_id !== q.gradeId)) throw forbidden();
    ids = [cls.id];
    fileName = `${classFullName(grades.find((g) => g.id === cls.grade_id)?.name ?? '', cls.name)}学生名单.xlsx`;
  } else if (q.gradeId) {
    const grade = grades.find((g) => g.id === q.gradeId);
    if (!grade) throw forbidden();
    const inGrade = new Set(classes.filter((c) => c.grade_id === grade.id).map((c) => c.id));
    ids = ids.filter((id) => inGrade.has(id));
    fileName = `${grade.name}学生名单.xlsx`;
  }
  const students = await repo.studentsForExport(db, user.schoolId, visible === 'all' && !q.classId && !q.gradeId ? 'all' : ids);
  const bytes = await writeWorkbook([{
    name: STUDENT_TEMPLATE.sheetName,
    columns: STUDENT_TEMPLATE.columns,
    rows: students.map((s) => [s.name, s.admission_no, s.gender, s.registration_type, s.gradeName, s.className]),
  }]);
  return { fileName, bytes };
}

// ---------------------------------------------------------------- teachers

/** Runs fn over items, at most `limit` at a time (scrypt runs on libuv's 4 threads). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) { const i = next++; out[i] = await fn(items[i]!); }
  }));
  return out;
}

export async function importTeachers(db: Db, user: SchoolUser, buffer: Buffer): Promise<ImportResult> {
  const { rows, letters } = await readTemplateSheet(buffer, TEACHER_TEMPLATE, IMPORT_LIMITS.teacher);
  const errors = new ErrorList(letters);
  checkRequired(rows, TEACHER_TEMPLATE, errors);
  const loginIds = [...new Set(rows.map((r) => r.cells.loginId).filter(Boolean))];
  const [accounts, teachers] = await Promise.all([repo.usersByLoginIds(db, loginIds), repo.schoolTeachers(db, user.schoolId)]);
  const accountOf = new Map(accounts.map((a) => [a.login_id, a]));
  const teacherOf = new Map(teachers.map((t) => [t.user_id, t]));
  const firstRowOf = new Map<string, number>();
  const creates: Omit<accountsRepo.NewTeacherAccount, 'passwordHash'>[] = [];
  const updates: accountsRepo.TeacherAccountUpdate[] = [];
  let unchanged = 0;
  for (const { row, cells } of rows) {
    const { name, loginId, phone, gender } = cells;
    if (name && name.length > NAME_MAX) errors.add(row, 'name', `姓名不能超过${NAME_MAX}个字`);
    if (phone && !PHONE.test(phone)) errors.add(row, 'phone', '手机号应为11位数字');
    if (gender && !(GENDERS as readonly string[]).includes(gender)) errors.add(row, 'gender', `性别只能是${GENDERS.join('或')}`);
    let existing: (typeof teachers)[number] | undefined;
    if (loginId) {
      const first = firstRowOf.get(loginId);
      if (!LOGIN_ID.test(loginId)) errors.add(row, 'loginId', '账号应为4–32位字母、数字或 _ . - @');
      else if (first !== undefined) errors.add(row, 'loginId', `账号与第${first}行重复`);
      else {
        firstRowOf.set(loginId, row);
        const account = accountOf.get(loginId);
        if (account) {
          existing = account.school_id === user.schoolId && account.user_type === 'teacher' ? teacherOf.get(account.id) : undefined;
          if (!existing) errors.add(row, 'loginId', '账号已被占用');
        }
      }
    }
    if (errors.has(row)) continue;
    if (!existing) creates.push({ loginId, name, phone, gender });
    else if (existing.name === name && existing.phone === phone && existing.gender === gender) unchanged++;
    else updates.push({ userId: existing.user_id, name, phone, gender });
  }
  errors.throwIfAny();
  // A distinct salted hash per new account (never one hash shared by many accounts).
  const hashes = await mapLimit(creates, 4, () => hashPassword(DEFAULT_RESET_PASSWORD));
  await db.transaction().execute(async (tx) => {
    await accountsRepo.insertTeacherAccounts(tx, user.schoolId, creates.map((c, i) => ({ ...c, passwordHash: hashes[i]! })));
    await accountsRepo.updateTeacherAccounts(tx, user.schoolId, updates);
  });
  return { created: creates.length, updated: updates.length, unchanged };
}

export async function exportTeachers(db: Db, user: SchoolUser): Promise<{ fileName: string; bytes: Buffer }> {
  const teachers = await repo.schoolTeachers(db, user.schoolId);
  const bytes = await writeWorkbook([{
    name: TEACHER_TEMPLATE.sheetName,
    columns: TEACHER_TEMPLATE.columns,
    rows: teachers.map((t) => [t.name, t.login_id, t.phone, t.gender]),
  }]);
  return { fileName: '教师名单.xlsx', bytes };
}

// ---------------------------------------------------------------- teacher–course–class relations

export async function importTchCourse(db: Db, user: SchoolUser, buffer: Buffer): Promise<ImportResult> {
  const { rows, letters } = await readTemplateSheet(buffer, TCH_COURSE_TEMPLATE, IMPORT_LIMITS.tchCourse);
  const [grades, classes, courses, teachers, visible] = await Promise.all([
    repo.schoolGrades(db, user.schoolId), repo.schoolClasses(db, user.schoolId), repo.schoolGradeCourses(db, user.schoolId),
    repo.schoolTeachers(db, user.schoolId), visibleClassIds(db, user),
  ]);
  const visibleSet = visible === 'all' ? undefined : new Set(visible);
  const { gradeByName, findClass } = classIndex(grades, classes);
  const teacherByLogin = new Map(teachers.map((t) => [t.login_id, t]));
  const errors = new ErrorList(letters);
  checkRequired(rows, TCH_COURSE_TEMPLATE, errors);
  const writes: accountsRepo.NewRole[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const { row, cells } of rows) {
    const { gradeName, className, course, loginId, roleName } = cells;
    const roleCode = roleName ? TCH_COURSE_ROLE_BY_NAME[roleName as keyof typeof TCH_COURSE_ROLE_BY_NAME] : undefined;
    if (roleName && !roleCode) errors.add(row, 'roleName', `角色只能是${Object.keys(TCH_COURSE_ROLE_BY_NAME).join('或')}`);
    let gradeId: number | undefined;
    let classId: number | undefined;
    if (gradeName) {
      const grade = gradeByName.get(gradeName);
      if (!grade) errors.add(row, 'gradeName', `年级“${gradeName}”不存在`);
      else {
        gradeId = grade.id;
        if (className) {
          const cls = findClass(grade.id, className);
          if (!cls) errors.add(row, 'className', `${gradeName}没有班级“${className}”`);
          else if (visibleSet && !visibleSet.has(cls.id)) errors.add(row, 'className', '无权限设置该班级的任课关系');
          else classId = cls.id;
        }
      }
    }
    let courseCode: string | null = null;
    if (roleCode === 'subject_teacher') {
      if (!course) errors.add(row, 'course', '任课老师的学科不能为空');
      else if (gradeId !== undefined) {
        const found = courses.find((c) => c.grade_id === gradeId && (c.course_name === course || c.course_code === course.toUpperCase()));
        if (!found) errors.add(row, 'course', `${gradeName}未开设学科“${course}”`);
        else courseCode = found.course_code;
      }
    } else if (roleCode === 'head_teacher' && course) {
      errors.add(row, 'course', '班主任不需要填写学科');
    }
    const teacher = loginId ? teacherByLogin.get(loginId) : undefined;
    if (loginId && !teacher) errors.add(row, 'loginId', `本校没有账号为“${loginId}”的教师`);
    if (errors.has(row) || !teacher || !roleCode || gradeId === undefined || classId === undefined) continue;
    const key = `${teacher.user_id}|${roleCode}|${classId}|${courseCode ?? ''}`;
    if (seen.has(key)) { duplicates++; continue; }
    seen.add(key);
    writes.push({ school_id: user.schoolId, user_id: teacher.user_id, role_code: roleCode, grade_id: gradeId, class_id: classId, course_code: courseCode });
  }
  errors.throwIfAny();
  const created = (await db.transaction().execute((tx) => accountsRepo.insertRoles(tx, writes, true))).length;
  return { created, updated: 0, unchanged: writes.length - created + duplicates };
}

export async function exportTchCourse(db: Db, user: SchoolUser, gradeId?: number): Promise<{ fileName: string; bytes: Buffer }> {
  const [grades, classes, visible, visibleGrades] = await Promise.all([
    repo.schoolGrades(db, user.schoolId), repo.schoolClasses(db, user.schoolId), visibleClassIds(db, user), visibleGradeIds(db, user),
  ]);
  let ids: number[] | 'all' = visible;
  let fileName = '任课关系.xlsx';
  if (gradeId) {
    const grade = grades.find((g) => g.id === gradeId);
    if (!grade || (visibleGrades !== 'all' && !visibleGrades.includes(gradeId))) throw forbidden();
    const inGrade = classes.filter((c) => c.grade_id === gradeId).map((c) => c.id);
    ids = visible === 'all' ? inGrade : inGrade.filter((id) => visible.includes(id));
    fileName = `${grade.name}任课关系.xlsx`;
  }
  const relations = await repo.relationsForExport(db, user.schoolId, ids);
  const bytes = await writeWorkbook([{
    name: TCH_COURSE_TEMPLATE.sheetName,
    columns: TCH_COURSE_TEMPLATE.columns,
    rows: relations.map((r) => [
      r.gradeName, r.className, r.role_code === 'subject_teacher' ? r.course_name ?? r.course_code : '', r.login_id,
      r.role_code === 'head_teacher' ? '班主任' : '任课老师',
    ]),
  }]);
  return { fileName, bytes };
}

export async function template(kind: 'student' | 'teacher' | 'tchCourse'): Promise<{ fileName: string; bytes: Buffer }> {
  const t = kind === 'student' ? STUDENT_TEMPLATE : kind === 'teacher' ? TEACHER_TEMPLATE : TCH_COURSE_TEMPLATE;
  return { fileName: t.templateFileName, bytes: await writeTemplate(t) };
}
