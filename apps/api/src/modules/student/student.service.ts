import { REGISTRATION_TYPES } from '@jz/shared';
import type { StudentPageQuery, StudentRow } from '@jz/shared/api/student';
import type { AppContext } from '../../core/context.js';
import { BizError, forbidden, page, type Page } from '../../core/http.js';
import { assertClassesVisible, assertFilterVisible, visibleClassIds } from '../../core/scope.js';
import type { Db, Tx } from '../../db/database.js';
import { classOfSchool, guardInUse, uniqueIds, type SchoolUser } from '../school-class/school-data.js';
import * as accounts from '../users/accounts.repository.js';
import * as repo from './student.repository.js';

export async function findStudentPage(db: Db, user: SchoolUser, q: StudentPageQuery): Promise<Page<StudentRow>> {
  await assertFilterVisible(db, user, q);
  const visible = await visibleClassIds(db, user);
  if (visible !== 'all' && !visible.length) return page([], 0, q);
  const { rows, total } = await repo.pageStudents(db, user.schoolId, visible, q);
  return page(rows.map((r) => ({
    id: r.id, name: r.name, admissionNo: r.admission_no, gender: r.gender, registrationType: r.registration_type,
    classId: r.class_id, className: r.className, gradeId: r.grade_id, gradeName: r.gradeName, loginId: r.login_id,
  })), total, q);
}

export const registrationTypeOptions = () => REGISTRATION_TYPES.map((t) => ({ value: t, label: t }));

/** The students if all belong to the caller's school and visible classes (a student without class: administrators only). */
async function studentsOfSchool(tx: Tx, user: SchoolUser, ids: number[]) {
  const unique = uniqueIds(ids);
  const rows = await repo.studentsByIds(tx, user.schoolId, unique);
  if (rows.length !== unique.length) throw forbidden();
  const visible = await visibleClassIds(tx, user);
  if (visible !== 'all' && rows.some((r) => r.class_id === null || !visible.includes(r.class_id))) throw forbidden();
  return rows;
}

export interface StudentInput { id?: number; classId: number; name: string; admissionNo: string; gender: string; registrationType: string }

/** Adds or updates a student inside a transaction: class in the caller's scope, admission number unique in the school. */
export async function saveStudentTx(tx: Tx, user: SchoolUser, input: StudentInput): Promise<number> {
  const cls = await classOfSchool(tx, user, input.classId);
  await assertClassesVisible(tx, user, [input.classId]);
  const existing = input.id ? (await studentsOfSchool(tx, user, [input.id]))[0] : undefined;
  const dup = await repo.admissionNoTaken(tx, user.schoolId, input.admissionNo, input.id);
  if (dup) throw new BizError(`学籍号「${input.admissionNo}」已被其他学生使用`);
  const values = { class_id: input.classId, name: input.name, admission_no: input.admissionNo, gender: input.gender, registration_type: input.registrationType };
  if (!existing) {
    return repo.insertStudent(tx, user.schoolId, values);
  }
  await repo.updateStudent(tx, existing.id, values);
  if (existing.user_id) {
    await accounts.updateAccounts(tx, [existing.user_id], { user_name: input.name, gender: input.gender });
    await accounts.moveStudentRole(tx, existing.user_id, cls.grade_id, input.classId);
  }
  return existing.id;
}

export async function updateStudent(ctx: AppContext, user: SchoolUser, input: StudentInput & { id: number }): Promise<void> {
  await ctx.db.transaction().execute((tx) => saveStudentTx(tx, user, input));
}

/** Deletes students and their student logins. */
export async function deleteStudents(ctx: AppContext, user: SchoolUser, ids: number[]): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    const rows = await studentsOfSchool(tx, user, ids);
    const userIds = rows.map((r) => r.user_id).filter((u): u is number => u !== null);
    await guardInUse(async () => {
      await repo.deleteStudents(tx, rows.map((r) => r.id));
      await accounts.deleteAccounts(tx, userIds, user.schoolId);
    }, '学生已有考试或成绩数据，无法删除');
    return rows.length;
  });
}

/** Takes students out of a class (they stay in the school without class). */
export async function removeFromClass(ctx: AppContext, user: SchoolUser, classId: number, studentIds: number[]): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    await classOfSchool(tx, user, classId);
    await assertClassesVisible(tx, user, [classId]);
    const rows = await studentsOfSchool(tx, user, studentIds);
    if (rows.some((r) => r.class_id !== classId)) throw new BizError('所选学生不在该班级中');
    await repo.clearClass(tx, rows.map((r) => r.id));
    const userIds = rows.map((r) => r.user_id).filter((u): u is number => u !== null);
    await accounts.clearStudentRoles(tx, userIds);
    return rows.length;
  });
}
