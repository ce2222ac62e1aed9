import { sql } from 'kysely';
import { COURSES, ROLE_CODES, ROLE_NAMES, classFullName, type RoleCode } from '@jz/shared';
import type { RoleInfo } from '@jz/shared/api/auth';
import type { UserPageQuery } from '@jz/shared/api/users';
import type { Db } from '../../db/database.js';
import { page } from '../../core/http.js';

const courseNameOf = (code: string | null, stored: string | null) =>
  code === null ? null : stored ?? COURSES.find((c) => c.code === code)?.name ?? code;

/** Roles of some users with the names of their grade, class and course, keyed by user id, in ROLE_CODES order. */
export async function loadRoleInfos(db: Db, schoolId: number, userIds: number[]): Promise<Map<number, RoleInfo[]>> {
  const out = new Map<number, RoleInfo[]>();
  if (!userIds.length) return out;
  const rows = await db.selectFrom('user_role as ur')
    .leftJoin('school_class as c', 'c.id', 'ur.class_id')
    .leftJoin('school_grade as g', (j) => j.on(sql`g.id`, '=', sql`coalesce(ur.grade_id, c.grade_id)`))
    .leftJoin('course_dict as cd', 'cd.code', 'ur.course_code')
    .select(['ur.user_id', 'ur.role_code', 'g.id as grade_id', 'g.name as grade_name', 'ur.class_id', 'c.name as class_name',
      'ur.course_code', 'cd.name as course_name', 'ur.temporary', 'g.sort as grade_sort', 'c.sort as class_sort'])
    .where('ur.school_id', '=', schoolId)
    .where('ur.user_id', 'in', userIds)
    .execute();
  const rank = (code: string) => { const i = ROLE_CODES.indexOf(code as RoleCode); return i < 0 ? 99 : i; };
  rows.sort((a, b) => rank(a.role_code) - rank(b.role_code) || (a.grade_sort ?? 0) - (b.grade_sort ?? 0)
    || (a.class_sort ?? 0) - (b.class_sort ?? 0) || (a.class_id ?? 0) - (b.class_id ?? 0) || (a.course_code ?? '').localeCompare(b.course_code ?? ''));
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push({
      roleCode: r.role_code,
      roleName: ROLE_NAMES[r.role_code as RoleCode] ?? r.role_code,
      gradeId: r.grade_id ?? null,
      gradeName: r.grade_name ?? null,
      classId: r.class_id,
      className: r.class_name ?? null,
      courseCode: r.course_code,
      courseName: courseNameOf(r.course_code, r.course_name ?? null),
      temporary: r.temporary,
    });
    out.set(r.user_id, list);
  }
  return out;
}

/** "班主任(高一1班)、任课老师(高一1班 数学)" */
export function roleSummary(roles: RoleInfo[]): string {
  return roles.map((r) => {
    const place = r.className ? classFullName(r.gradeName ?? '', r.className) : r.gradeName;
    const scope = [place, r.courseName].filter(Boolean).join(' ');
    return scope ? `${r.roleName}(${scope})` : r.roleName;
  }).join('、');
}

/** The ids among `ids` that are users of the school. */
export async function idsInSchool(db: Db, schoolId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('app_user').select('id').where('school_id', '=', schoolId).where('id', 'in', [...new Set(ids)]).execute();
  return rows.map((r) => r.id);
}

/**
 * must_change_password for a password someone else set (reset, account made by an administrator): teaching
 * accounts only — students and platform users have no screen to change it (docs/DECISIONS.md).
 */
export const setByOther = sql<boolean>`user_type = 'teacher'`;

export async function revokeUserSessions(db: Db, userIds: number[], exceptSessionId?: number): Promise<void> {
  if (!userIds.length) return;
  let q = db.updateTable('session').set({ revoked_at: new Date() }).where('user_id', 'in', userIds).where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '<>', exceptSessionId);
  await q.execute();
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('app_user as u').leftJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id', 'u.login_id', 'u.school_id', 'u.user_type', 'u.status', 's.status as school_status', 'u.must_change_password'])
    .where(sql`lower(u.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Outbox mails, newest first: those assigned to one school, or all of them (schoolId 'all', the platform administrator). */
export async function outboxPage(db: Db, schoolId: number | 'all', q: { current: number; size: number; email?: string }) {
  let base = db.selectFrom('mail_outbox as m');
  if (schoolId !== 'all') base = base.where('m.school_id', '=', schoolId);
  if (q.email) base = base.where(sql`lower(m.to_addr)`, '=', q.email.trim().toLowerCase());
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base.select(['m.id', 'm.to_addr', 'm.subject', 'm.body', 'm.created_at'])
    .orderBy('m.id', 'desc').limit(q.size).offset((q.current - 1) * q.size).execute();
  const iso = (d: unknown) => (d instanceof Date ? d : new Date(String(d))).toISOString();
  return page(rows.map((r) => ({ id: r.id, to: r.to_addr, subject: r.subject, body: r.body, createdAt: iso(r.created_at) })), Number(total), q);
}

/** One page of a school's users filtered by keyword, status, type, role and temporary role, teachers first. */
export async function pageUsers(db: Db, schoolId: number, q: UserPageQuery) {
  let base = db.selectFrom('app_user as u').where('u.school_id', '=', schoolId);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    base = base.where((eb) => eb.or([eb('u.login_id', 'ilike', like), eb('u.user_name', 'ilike', like), eb('u.email', 'ilike', like), eb('u.phone', 'ilike', like)]));
  }
  if (q.status !== undefined) base = base.where('u.status', '=', q.status);
  if (q.userType) base = base.where('u.user_type', '=', q.userType);
  if (q.roleCode) {
    const roleCode = q.roleCode;
    base = base.where((eb) => eb.exists(eb.selectFrom('user_role as ur').select('ur.id').whereRef('ur.user_id', '=', 'u.id').where('ur.role_code', '=', roleCode)));
  }
  if (q.temporary !== undefined) {
    const wanted = q.temporary === 1;
    base = base.where((eb) => {
      const temporaryRole = eb.exists(eb.selectFrom('user_role as tr').select('tr.id').whereRef('tr.user_id', '=', 'u.id').where('tr.temporary', '=', true));
      return wanted ? temporaryRole : eb.not(temporaryRole);
    });
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base.select(['u.id', 'u.login_id', 'u.user_name', 'u.email', 'u.phone', 'u.gender', 'u.user_type', 'u.status', 'u.created_at'])
    .orderBy('u.user_type', 'desc').orderBy('u.id').limit(q.size).offset((q.current - 1) * q.size).execute();
  return { total: Number(total), rows };
}

/** The account holding a login id, case-insensitive. */
export function accountByLoginId(db: Db, loginId: string) {
  return db.selectFrom('app_user').select('id').where(sql`lower(login_id)`, '=', loginId.toLowerCase()).executeTakeFirst();
}

export function accountEmail(db: Db, userId: number) {
  return db.selectFrom('app_user').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
}

/** A student of the school by admission number, with its account, class and grade. */
export function studentByAdmissionNo(db: Db, schoolId: number, admissionNo: string) {
  return db.selectFrom('student as s').leftJoin('app_user as u', 'u.id', 's.user_id')
    .leftJoin('school_class as c', 'c.id', 's.class_id').leftJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select(['s.id as student_id', 's.name', 's.admission_no', 'u.id as user_id', 'u.login_id', 'c.name as class_name', 'g.name as grade_name'])
    .where('s.school_id', '=', schoolId).where('s.admission_no', '=', admissionNo).executeTakeFirst();
}

export function accountOfSchoolByLoginId(db: Db, schoolId: number, loginId: string) {
  return db.selectFrom('app_user').select(['id', 'login_id', 'user_name', 'user_type'])
    .where('school_id', '=', schoolId).where('login_id', '=', loginId).executeTakeFirst();
}
