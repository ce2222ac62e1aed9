/**
 * The one write path of accounts: every INSERT/UPDATE/DELETE of app_user, teacher and user_role goes through here
 * (users, personal, teacher, student, admin, excel, tch-course, external-login and the demo seed), so the rules
 * of an account row (who may set must_change_password, which columns a teacher mirrors) live in one place.
 */
import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { AppUserTable, TeacherTable, UserRoleTable } from '../../db/schema.js';

type Q = Db | Tx;
const CHUNK = 1000;

/** Bulk writes go in chunks of 1000 rows (well under PostgreSQL's 65535 bind parameters). */
export function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export type NewAccount = Insertable<AppUserTable>;
export type NewTeacherRow = Insertable<TeacherTable>;
export type NewRole = Insertable<UserRoleTable>;

// ---------- app_user ----------

/** One account; returns its id. */
export async function insertAccount(tx: Q, values: NewAccount): Promise<number> {
  return (await tx.insertInto('app_user').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Many accounts in chunks; returns login id → id. */
export async function insertAccounts(tx: Q, rows: NewAccount[]): Promise<Map<string, number>> {
  const idOf = new Map<string, number>();
  for (const chunk of chunks(rows)) {
    const res = await tx.insertInto('app_user').values(chunk).returning(['id', 'login_id']).execute();
    for (const r of res) idOf.set(r.login_id, r.id);
  }
  return idOf;
}

/** Profile columns (name, phone, gender, email, login id, status, platform role) of accounts, optionally only in one school. */
export async function updateAccounts(tx: Q, ids: number[], values: Updateable<AppUserTable>, schoolId?: number): Promise<number> {
  if (!ids.length) return 0;
  let q = tx.updateTable('app_user').set(values).where('id', 'in', ids);
  if (schoolId !== undefined) q = q.where('school_id', '=', schoolId);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** Clears the mailbox of accounts of a school that have one; returns how many changed. */
export async function clearEmails(tx: Q, ids: number[], schoolId: number): Promise<number> {
  const res = await tx.updateTable('app_user').set({ email: null })
    .where('id', 'in', ids).where('school_id', '=', schoolId).where('email', 'is not', null).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * A new password hash. mustChange: true/false, or an SQL expression (users.repository `setByOther`);
 * undefined leaves the flag as it is (platform users).
 */
export async function setPassword(tx: Q, ids: number[], hash: string, mustChange?: boolean | RawBuilder<boolean>, schoolId?: number): Promise<void> {
  if (!ids.length) return;
  let q = tx.updateTable('app_user').set({ password_hash: hash, ...(mustChange !== undefined ? { must_change_password: mustChange } : {}) })
    .where('id', 'in', ids);
  if (schoolId !== undefined) q = q.where('school_id', '=', schoolId);
  await q.execute();
}

/** Deletes accounts (schoolId given: only those of that school). */
export async function deleteAccounts(tx: Q, ids: number[], schoolId?: number): Promise<void> {
  if (!ids.length) return;
  let q = tx.deleteFrom('app_user').where('id', 'in', ids);
  if (schoolId !== undefined) q = q.where('school_id', '=', schoolId);
  await q.execute();
}

// ---------- teacher ----------

export async function insertTeacher(tx: Q, values: NewTeacherRow): Promise<number> {
  return (await tx.insertInto('teacher').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertTeacherRows(tx: Q, rows: NewTeacherRow[]): Promise<void> {
  for (const chunk of chunks(rows)) await tx.insertInto('teacher').values(chunk).execute();
}

export async function updateTeacher(tx: Q, id: number, values: Updateable<TeacherTable>): Promise<void> {
  await tx.updateTable('teacher').set(values).where('id', '=', id).execute();
}

export async function deleteTeacherRows(tx: Q, ids: number[]): Promise<void> {
  if (ids.length) await tx.deleteFrom('teacher').where('id', 'in', ids).execute();
}

export interface NewTeacherAccount { loginId: string; name: string; phone: string; gender: string; passwordHash: string }

/** Teachers with their accounts (must change the password at first login), in chunks. */
export async function insertTeacherAccounts(tx: Q, schoolId: number, rows: NewTeacherAccount[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    const idOf = await insertAccounts(tx, chunk.map((r) => ({
      school_id: schoolId, login_id: r.loginId, user_name: r.name, phone: r.phone || null, gender: r.gender || null,
      password_hash: r.passwordHash, user_type: 'teacher' as const, must_change_password: true,
    })));
    await insertTeacherRows(tx, chunk.map((r) => ({
      school_id: schoolId, user_id: idOf.get(r.loginId)!, name: r.name, phone: r.phone, gender: r.gender,
    })));
  }
}

export interface TeacherAccountUpdate { userId: number; name: string; phone: string; gender: string }

/** Updates teachers and their accounts: one UPDATE … FROM (VALUES …) per table and 1000 rows. */
export async function updateTeacherAccounts(tx: Q, schoolId: number, rows: TeacherAccountUpdate[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    const values = sql.join(chunk.map((r) => sql`(${r.userId}::int, ${r.name}::text, ${r.phone}::text, ${r.gender}::text)`));
    await sql`update teacher as t set name = v.name, phone = v.phone, gender = v.gender
      from (values ${values}) as v(user_id, name, phone, gender)
      where t.user_id = v.user_id and t.school_id = ${schoolId}`.execute(tx);
    await sql`update app_user as u set user_name = v.name, phone = nullif(v.phone, ''), gender = nullif(v.gender, '')
      from (values ${values}) as v(user_id, name, phone, gender)
      where u.id = v.user_id and u.school_id = ${schoolId}`.execute(tx);
  }
}

// ---------- user_role ----------

/** Inserts roles in chunks; skipIfPresent skips rows the unique index already holds. Returns the new ids. */
export async function insertRoles(tx: Q, rows: NewRole[], skipIfPresent = false): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(rows)) {
    let q = tx.insertInto('user_role').values(chunk);
    if (skipIfPresent) q = q.onConflict((oc) => oc.doNothing());
    ids.push(...(await q.returning('id').execute()).map((r) => r.id));
  }
  return ids;
}

/** A student's account follows the student to another class. */
export async function moveStudentRole(tx: Q, userId: number, gradeId: number, classId: number): Promise<void> {
  await tx.updateTable('user_role').set({ class_id: classId, grade_id: gradeId })
    .where('user_id', '=', userId).where('role_code', '=', 'student').execute();
}

/** Students taken out of their class: their student role keeps no class nor grade. */
export async function clearStudentRoles(tx: Q, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await tx.updateTable('user_role').set({ class_id: null, grade_id: null }).where('user_id', 'in', userIds).where('role_code', '=', 'student').execute();
}

/** A class moved to another grade: every role held on it follows. */
export async function moveClassRoles(tx: Q, classId: number, gradeId: number): Promise<void> {
  await tx.updateTable('user_role').set({ grade_id: gradeId }).where('class_id', '=', classId).execute();
}

export async function deleteRoles(tx: Q, schoolId: number, ids: number[]): Promise<number> {
  const res = await tx.deleteFrom('user_role').where('school_id', '=', schoolId).where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Removes the given roles held on a grade's classes (optionally only on some of them). */
export async function deleteGradeClassRoles(tx: Q, schoolId: number, roleCodes: readonly string[], gradeId: number, classIds?: number[]): Promise<number> {
  let q = tx.deleteFrom('user_role').where('school_id', '=', schoolId).where('role_code', 'in', [...roleCodes])
    .where('class_id', 'in', (eb) => eb.selectFrom('school_class').select('id').where('school_id', '=', schoolId).where('grade_id', '=', gradeId));
  if (classIds) q = q.where('class_id', 'in', classIds.length ? classIds : [0]);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}
