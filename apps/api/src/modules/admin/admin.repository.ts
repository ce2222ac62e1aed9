import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** SQL of the platform administrator module; every function runs on the db or inside a transaction. */
type Q = Kysely<DB>;

/** LIKE pattern of a user-typed fragment (%, _ and \ taken literally). */
export const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------- schools ----------

export async function countSchools(db: Q) {
  const schools = await db.selectFrom('school')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('id').filterWhere('status', '=', 1).as('open'),
    ]).executeTakeFirstOrThrow();
  const students = await db.selectFrom('student').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const teachers = await db.selectFrom('teacher').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { total: Number(schools.total), open: Number(schools.open), students: Number(students.n), teachers: Number(teachers.n) };
}

export interface SchoolFilter { name?: string; province?: string; area?: string; status?: number }

function filteredSchools(db: Q, f: SchoolFilter) {
  let q = db.selectFrom('school as s');
  if (f.name) q = q.where((eb) => eb.or([eb('s.name', 'ilike', likeOf(f.name!)), eb('s.code', 'ilike', likeOf(f.name!))]));
  if (f.province) q = q.where('s.province', '=', f.province);
  if (f.area) q = q.where('s.area', '=', f.area);
  if (f.status !== undefined) q = q.where('s.status', '=', f.status);
  return q;
}

export async function pageSchools(db: Q, f: SchoolFilter, offset: number, limit: number) {
  const { total } = await filteredSchools(db, f).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await filteredSchools(db, f)
    .selectAll('s')
    .select((eb) => [
      eb.selectFrom('school_grade as g').select((e) => e.fn.countAll<number>().as('n')).whereRef('g.school_id', '=', 's.id').as('gradeCount'),
      eb.selectFrom('school_class as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.school_id', '=', 's.id').as('classCount'),
      eb.selectFrom('student as st').select((e) => e.fn.countAll<number>().as('n')).whereRef('st.school_id', '=', 's.id').as('studentCount'),
      eb.selectFrom('teacher as t').select((e) => e.fn.countAll<number>().as('n')).whereRef('t.school_id', '=', 's.id').as('teacherCount'),
    ])
    .orderBy('s.id')
    .offset(offset).limit(limit)
    .execute();
  return { total: Number(total), rows };
}

export function findSchool(db: Q, id: number) {
  return db.selectFrom('school').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Schools other than `exceptId` holding this name or code (code compared case-insensitively). */
export function findSchoolClash(db: Q, name: string, code: string, exceptId?: number) {
  let q = db.selectFrom('school').select(['id', 'name', 'code'])
    .where((eb) => eb.or([eb('name', '=', name), eb(eb.fn('upper', ['code']), '=', code.toUpperCase())]));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.execute();
}

/** The first school administrator account of each school (the one createSchoolInfo made). */
export async function schoolAdmins(db: Q, schoolIds: number[]) {
  if (!schoolIds.length) return [];
  return db.selectFrom('user_role as r')
    .innerJoin('app_user as u', 'u.id', 'r.user_id')
    .select(['r.school_id as schoolId', 'u.id as userId', 'u.login_id as loginId', 'u.user_name as userName', 'u.status'])
    .distinctOn('r.school_id')
    .where('r.role_code', '=', 'school_admin')
    .where('r.school_id', 'in', schoolIds)
    .orderBy('r.school_id').orderBy('u.id')
    .execute();
}

/** A school administrator account by user id (undefined when the user is not a school administrator). */
export function findSchoolAdmin(db: Q, userId: number) {
  return db.selectFrom('app_user as u')
    .innerJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id as userId', 'u.login_id as loginId', 'u.user_name as userName', 'u.status', 's.id as schoolId', 's.name as schoolName'])
    .where('u.id', '=', userId)
    .where((eb) => eb.exists(eb.selectFrom('user_role as r').select('r.id').whereRef('r.user_id', '=', 'u.id').where('r.role_code', '=', 'school_admin')))
    .executeTakeFirst();
}

export function loginIdTaken(db: Q, loginId: string, exceptUserId?: number) {
  let q = db.selectFrom('app_user').select('id').where((eb) => eb(eb.fn('lower', ['login_id']), '=', loginId.toLowerCase()));
  if (exceptUserId) q = q.where('id', '<>', exceptUserId);
  return q.executeTakeFirst().then(Boolean);
}

export function emailTaken(db: Q, email: string, exceptUserId?: number) {
  let q = db.selectFrom('app_user').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptUserId) q = q.where('id', '<>', exceptUserId);
  return q.executeTakeFirst().then(Boolean);
}

export async function revokeSessionsOfUsers(db: Q, userIds: number[], keepSessionId?: number) {
  if (!userIds.length) return;
  let q = db.updateTable('session').set({ revoked_at: new Date() }).where('user_id', 'in', userIds).where('revoked_at', 'is', null);
  if (keepSessionId) q = q.where('id', '<>', keepSessionId);
  await q.execute();
}

export async function revokeSessionsOfSchool(db: Q, schoolId: number) {
  await db.updateTable('session').set({ revoked_at: new Date() })
    .where('revoked_at', 'is', null)
    .where('user_id', 'in', (eb) => eb.selectFrom('app_user').select('id').where('school_id', '=', schoolId))
    .execute();
}

// ---------- school grades ----------

export async function schoolGrades(db: Q, schoolId: number) {
  const grades = await db.selectFrom('school_grade as g')
    .select(['g.id', 'g.grade_dict_id', 'g.name', 'g.sort'])
    .select((eb) => eb.selectFrom('school_class as c').select((e) => e.fn.countAll<number>().as('n')).whereRef('c.grade_id', '=', 'g.id').as('classCount'))
    .where('g.school_id', '=', schoolId)
    .orderBy('g.sort').orderBy('g.id')
    .execute();
  const courses = grades.length
    ? await db.selectFrom('school_grade_course').select(['grade_id', 'course_code', 'course_name'])
      .where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute()
    : [];
  return { grades, courses };
}

// ---------- dictionaries ----------

export const gradeDict = (db: Q) => db.selectFrom('grade_dict').selectAll().orderBy('sort').orderBy('id').execute();
export const courseDict = (db: Q) => db.selectFrom('course_dict').selectAll().orderBy('sort').orderBy('id').execute();

/** Course codes used by some school grade. */
export async function coursesInUse(db: Q, codes: string[]) {
  if (!codes.length) return [];
  const rows = await db.selectFrom('school_grade_course').select('course_code').distinct().where('course_code', 'in', codes).execute();
  return rows.map((r) => r.course_code);
}

// ---------- sys users and roles ----------

export interface SysUserFilter { keyword?: string; roleId?: number; status?: number }

function filteredSysUsers(db: Q, f: SysUserFilter) {
  let q = db.selectFrom('app_user as u').leftJoin('sys_role as r', 'r.id', 'u.sys_role_id').where('u.user_type', '=', 'platform');
  if (f.keyword) q = q.where((eb) => eb.or([eb('u.login_id', 'ilike', likeOf(f.keyword!)), eb('u.user_name', 'ilike', likeOf(f.keyword!))]));
  if (f.roleId) q = q.where('u.sys_role_id', '=', f.roleId);
  if (f.status !== undefined) q = q.where('u.status', '=', f.status);
  return q;
}

export async function sysUsers(db: Q, f: SysUserFilter, offset?: number, limit?: number) {
  const { total } = await filteredSysUsers(db, f).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let q = filteredSysUsers(db, f)
    .select(['u.id', 'u.login_id', 'u.user_name', 'u.email', 'u.phone', 'u.status', 'u.sys_role_id', 'r.name as role_name', 'u.created_at'])
    .orderBy('u.id');
  if (limit !== undefined) q = q.offset(offset ?? 0).limit(limit);
  return { total: Number(total), rows: await q.execute() };
}

export function findPlatformUser(db: Q, id: number) {
  return db.selectFrom('app_user').select(['id', 'login_id', 'status', 'sys_role_id'])
    .where('id', '=', id).where('user_type', '=', 'platform').executeTakeFirst();
}

/** Enabled platform users who can still manage sys users and roles (no role = every permission, as in core/auth). */
export async function countSysAdmins(db: Q): Promise<number> {
  const row = await db.selectFrom('app_user as u').leftJoin('sys_role as r', 'r.id', 'u.sys_role_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.user_type', '=', 'platform').where('u.status', '=', 1)
    .where((eb) => eb.or([eb('u.sys_role_id', 'is', null), sql<boolean>`'admin:sys:edit' = any(${sql.ref('r.permissions')})`]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function filteredRoles(db: Q, keyword?: string) {
  let q = db.selectFrom('sys_role as r');
  if (keyword) q = q.where((eb) => eb.or([eb('r.code', 'ilike', likeOf(keyword)), eb('r.name', 'ilike', likeOf(keyword))]));
  return q;
}

export async function sysRoles(db: Q, keyword?: string, offset?: number, limit?: number) {
  const { total } = await filteredRoles(db, keyword).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let q = filteredRoles(db, keyword)
    .selectAll('r')
    .select((eb) => eb.selectFrom('app_user as u').select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('u.sys_role_id', '=', 'r.id').where('u.user_type', '=', 'platform').as('userCount'))
    .orderBy('r.id');
  if (limit !== undefined) q = q.offset(offset ?? 0).limit(limit);
  return { total: Number(total), rows: await q.execute() };
}

export function findRoleClash(db: Q, code: string, name: string, exceptId?: number) {
  let q = db.selectFrom('sys_role').select(['id', 'code', 'name'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['code']), '=', code.toLowerCase()), eb('name', '=', name)]));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.execute();
}

// ---------- writes of schools, grades, dictionaries and roles (the service holds the rules) ----------

export interface SchoolValues { kind?: 'school' | 'bureau'; name: string; code: string; province: string; area: string; address: string; contact_name: string; contact_phone: string; logo?: string | null }

export async function insertSchool(tx: Q, values: SchoolValues): Promise<number> {
  return (await tx.insertInto('school').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSchool(tx: Q, id: number, values: Partial<SchoolValues> & { status?: number }): Promise<void> {
  await tx.updateTable('school').set(values).where('id', '=', id).execute();
}

export async function insertRolePermissions(tx: Q, rows: { school_id: number; role_code: string; permission_code: string }[]): Promise<void> {
  if (rows.length) await tx.insertInto('role_permission').values(rows).execute();
}

/** Dictionary grades with these ids, in display order. */
export const gradeDictByIds = (tx: Q, ids: number[]) => tx.selectFrom('grade_dict').selectAll().where('id', 'in', ids).orderBy('sort').orderBy('id').execute();

export const gradesOfSchool = (tx: Q, schoolId: number) => tx.selectFrom('school_grade').select(['grade_dict_id', 'name']).where('school_id', '=', schoolId).execute();

/** A grade with the given courses (sort 1, 2, … in the given order); returns the grade id. */
export async function insertGradeWithCourses(tx: Q, schoolId: number, g: { id: number; name: string; sort: number }, courses: { code: string; name: string }[]): Promise<number> {
  const row = await tx.insertInto('school_grade').values({ school_id: schoolId, grade_dict_id: g.id, name: g.name, sort: g.sort })
    .returning('id').executeTakeFirstOrThrow();
  if (courses.length) {
    await tx.insertInto('school_grade_course')
      .values(courses.map((c, i) => ({ school_id: schoolId, grade_id: row.id, course_code: c.code, course_name: c.name, sort: i + 1 })))
      .execute();
  }
  return row.id;
}

/** Dictionary courses with this code or name (exceptId: the course being edited). */
export function findCourseClash(tx: Q, code: string, name: string, exceptId?: number) {
  let q = tx.selectFrom('course_dict').select(['id', 'code', 'name'])
    .where((eb) => eb.or([eb('code', '=', code), eb('name', '=', name)]));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.execute();
}

export const findCourse = (tx: Q, id: number) => tx.selectFrom('course_dict').selectAll().where('id', '=', id).executeTakeFirst();
export const coursesByIds = (tx: Q, ids: number[]) => tx.selectFrom('course_dict').select(['id', 'code', 'name']).where('id', 'in', ids).execute();

export async function maxCourseSort(tx: Q): Promise<number> {
  return Number((await tx.selectFrom('course_dict').select((eb) => eb.fn.max<number>('sort').as('m')).executeTakeFirst())?.m ?? 0);
}

export async function updateCourse(tx: Q, id: number, values: { code: string; name: string; sort?: number }): Promise<void> {
  await tx.updateTable('course_dict').set(values).where('id', '=', id).execute();
}

export async function insertCourse(tx: Q, values: { code: string; name: string; sort: number }): Promise<number> {
  return (await tx.insertInto('course_dict').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function deleteCourses(tx: Q, ids: number[]): Promise<void> {
  await tx.deleteFrom('course_dict').where('id', 'in', ids).execute();
}

/** The platform users among these ids. */
export const platformUsersByIds = (tx: Q, ids: number[]) => tx.selectFrom('app_user').select('id').where('id', 'in', ids).where('user_type', '=', 'platform').execute();

export const findRole = (tx: Q, id: number) => tx.selectFrom('sys_role').select('id').where('id', '=', id).executeTakeFirst();
export const rolesByIds = (tx: Q, ids: number[]) => tx.selectFrom('sys_role').select(['id', 'name']).where('id', 'in', ids).execute();

/** The roles among these ids that some user holds. */
export const rolesInUse = (tx: Q, ids: number[]) => tx.selectFrom('app_user').select('sys_role_id').distinct().where('sys_role_id', 'in', ids).execute();

export interface SysRoleValues { code: string; name: string; remark: string; permissions: string[] }

export async function insertSysRole(tx: Q, values: SysRoleValues): Promise<number> {
  return (await tx.insertInto('sys_role').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateSysRole(tx: Q, id: number, values: SysRoleValues): Promise<void> {
  await tx.updateTable('sys_role').set(values).where('id', '=', id).execute();
}

export async function deleteSysRoles(tx: Q, ids: number[]): Promise<void> {
  await tx.deleteFrom('sys_role').where('id', 'in', ids).execute();
}

/** The school's scan disk budget in bytes (null = the platform's default). Returns whether the school exists. */
export async function setScanDiskQuota(db: Q, schoolId: number, bytes: number | null): Promise<boolean> {
  const r = await db.updateTable('school').set({ scan_disk_quota: bytes }).where('id', '=', schoolId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
