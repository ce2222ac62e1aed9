import { sql } from 'kysely';
import { REGISTRATION_TYPES } from '@jz/shared';
import type { StudentPageQuery, StudentRow } from '@jz/shared/api/student';
import type { AppContext } from '../../core/context.js';
import { BizError, forbidden, page, type Page } from '../../core/http.js';
import { assertClassesVisible, assertFilterVisible, visibleClassIds } from '../../core/scope.js';
import type { Db, Tx } from '../../db/database.js';
import { classOfSchool, guardInUse, uniqueIds, type SchoolUser } from '../school-class/school-data.js';
import * as accounts from '../users/accounts.repository.js';

/** A LIKE pattern matching `text` anywhere, with % _ \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findStudentPage(db: Db, user: SchoolUser, q: StudentPageQuery): Promise<Page<StudentRow>> {
  await assertFilterVisible(db, user, q);
  const visible = await visibleClassIds(db, user);
  if (visible !== 'all' && !visible.length) return page([], 0, q);
  const base = db.selectFrom('student as s')
    .leftJoin('school_class as c', 'c.id', 's.class_id')
    .leftJoin('school_grade as g', 'g.id', 'c.grade_id')
    .where('s.school_id', '=', user.schoolId)
    .$if(visible !== 'all', (w) => w.where('s.class_id', 'in', visible as number[]))
    .$if(!!q.keyword, (w) => w.where((eb) => eb.or([
      eb('s.name', 'ilike', containsPattern(q.keyword!)),
      eb('s.admission_no', 'ilike', containsPattern(q.keyword!)),
    ])))
    .$if(!!q.gradeId, (w) => w.where('c.grade_id', '=', q.gradeId!))
    .$if(!!q.classId, (w) => w.where('s.class_id', '=', q.classId!))
    .$if(!!q.registrationType, (w) => w.where('s.registration_type', '=', q.registrationType!));
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base.leftJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.id', 's.name', 's.admission_no', 's.gender', 's.registration_type', 's.class_id', 'c.name as className', 'c.grade_id', 'g.name as gradeName', 'u.login_id'])
    .orderBy('g.sort').orderBy('c.sort').orderBy('s.admission_no').orderBy('s.id')
    .limit(q.size).offset((q.current - 1) * q.size).execute();
  return page(rows.map((r) => ({
    id: r.id, name: r.name, admissionNo: r.admission_no, gender: r.gender, registrationType: r.registration_type,
    classId: r.class_id, className: r.className, gradeId: r.grade_id, gradeName: r.gradeName, loginId: r.login_id,
  })), total, q);
}

export const registrationTypeOptions = () => REGISTRATION_TYPES.map((t) => ({ value: t, label: t }));

/** The students if all belong to the caller's school and visible classes (a student without class: administrators only). */
async function studentsOfSchool(tx: Tx, user: SchoolUser, ids: number[]) {
  const unique = uniqueIds(ids);
  const rows = await tx.selectFrom('student').select(['id', 'class_id', 'user_id', 'name']).where('school_id', '=', user.schoolId).where('id', 'in', unique).execute();
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
  const dup = await tx.selectFrom('student').select('id').where('school_id', '=', user.schoolId).where('admission_no', '=', input.admissionNo)
    .$if(!!input.id, (q) => q.where('id', '!=', input.id!)).executeTakeFirst();
  if (dup) throw new BizError(`学籍号「${input.admissionNo}」已被其他学生使用`);
  const values = { class_id: input.classId, name: input.name, admission_no: input.admissionNo, gender: input.gender, registration_type: input.registrationType };
  if (!existing) {
    return (await tx.insertInto('student').values({ ...values, school_id: user.schoolId }).returning('id').executeTakeFirstOrThrow()).id;
  }
  await tx.updateTable('student').set(values).where('id', '=', existing.id).execute();
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
      await tx.deleteFrom('student').where('id', 'in', rows.map((r) => r.id)).execute();
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
    await tx.updateTable('student').set({ class_id: null }).where('id', 'in', rows.map((r) => r.id)).execute();
    const userIds = rows.map((r) => r.user_id).filter((u): u is number => u !== null);
    await accounts.clearStudentRoles(tx, userIds);
    return rows.length;
  });
}
