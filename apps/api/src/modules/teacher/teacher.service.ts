import { DEFAULT_RESET_PASSWORD, ROLE_NAMES, classFullName, type RoleCode } from '@jz/shared';
import type { SaveTeacherBody, TeacherRow } from '@jz/shared/api/teacher';
import type { AppContext } from '../../core/context.js';
import { hashPassword } from '../../core/crypto.js';
import { BizError, forbidden, page, type Page } from '../../core/http.js';
import type { Db } from '../../db/database.js';
import { guardInUse, isUniqueViolation, uniqueIds, type SchoolUser } from '../school-class/school-data.js';
import * as accounts from '../users/accounts.repository.js';
import * as repo from './teacher.repository.js';

type Duty = TeacherRow['roles'][number];

/** 年级主任（高一）；任课老师（高一1班数学、高一2班数学） */
export function dutySummary(duties: Duty[]): string {
  const groups = new Map<string, string[]>();
  for (const d of duties) {
    const where = d.className && d.gradeName ? classFullName(d.gradeName, d.className) : (d.gradeName ?? '');
    const item = `${where}${d.courseName ?? ''}`;
    const list = groups.get(d.roleName) ?? [];
    if (item) list.push(item);
    groups.set(d.roleName, list);
  }
  return [...groups].map(([role, items]) => (items.length ? `${role}（${items.join('、')}）` : role)).join('；');
}

async function dutiesOf(db: Db, schoolId: number, userIds: number[]): Promise<Map<number, Duty[]>> {
  const map = new Map<number, Duty[]>();
  if (!userIds.length) return map;
  const rows = await repo.dutyRows(db, schoolId, userIds);
  for (const r of rows) {
    const list = map.get(r.user_id) ?? [];
    list.push({
      roleCode: r.role_code, roleName: ROLE_NAMES[r.role_code as RoleCode] ?? r.role_code,
      gradeId: r.gradeId, gradeName: r.gradeName, classId: r.classId, className: r.className, courseCode: r.course_code, courseName: r.courseName,
    });
    map.set(r.user_id, list);
  }
  return map;
}

export async function findTeacherPage(db: Db, user: SchoolUser, q: { current: number; size: number; keyword?: string }): Promise<Page<TeacherRow>> {
  const { total, rows } = await repo.pageTeachers(db, user.schoolId, q);
  const duties = await dutiesOf(db, user.schoolId, rows.map((r) => r.user_id));
  return page(rows.map((r) => {
    const roles = duties.get(r.user_id) ?? [];
    return {
      id: r.id, userId: r.user_id, name: r.name, loginId: r.login_id, phone: r.phone, gender: r.gender, email: r.email, status: r.status,
      roles, dutySummary: dutySummary(roles),
    };
  }), total, q);
}

export async function teacherTable(db: Db, user: SchoolUser) {
  const rows = await repo.activeTeachers(db, user.schoolId);
  return rows.map((r) => ({ id: r.id, userId: r.user_id, name: r.name, loginId: r.login_id }));
}

/** Creates a teacher with its login (password DEFAULT_RESET_PASSWORD) or updates both. Returns the teacher id. */
export async function saveTeacher(ctx: AppContext, user: SchoolUser, body: SaveTeacherBody): Promise<number> {
  const passwordHash = body.id ? undefined : await hashPassword(DEFAULT_RESET_PASSWORD);
  const taken = () => new BizError(`登录账号「${body.loginId}」已被使用，请换一个`);
  try {
    return await ctx.db.transaction().execute(async (tx) => {
      const existing = body.id
        ? await repo.teacherOfSchool(tx, user.schoolId, body.id)
        : undefined;
      if (body.id && !existing) throw forbidden();
      const clash = await repo.loginIdTaken(tx, body.loginId, existing?.user_id);
      if (clash) throw taken();
      const person = { phone: body.phone, gender: body.gender };
      if (existing) {
        await accounts.updateTeacher(tx, existing.id, { name: body.name, ...person });
        await accounts.updateAccounts(tx, [existing.user_id], { user_name: body.name, login_id: body.loginId, phone: body.phone || null, gender: body.gender || null });
        return existing.id;
      }
      const userId = await accounts.insertAccount(tx, {
        school_id: user.schoolId, login_id: body.loginId, user_name: body.name, email: null, phone: body.phone || null, gender: body.gender || null,
        password_hash: passwordHash!, user_type: 'teacher', must_change_password: true,
      });
      return accounts.insertTeacher(tx, { school_id: user.schoolId, user_id: userId, name: body.name, ...person });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** Deletes teachers with their logins and duties; never oneself nor a school administrator. */
export async function deleteTeachers(ctx: AppContext, user: SchoolUser, ids: number[]): Promise<number> {
  return ctx.db.transaction().execute(async (tx) => {
    const unique = uniqueIds(ids);
    const rows = await repo.teachersOfSchool(tx, user.schoolId, unique);
    if (rows.length !== unique.length) throw forbidden();
    if (rows.some((r) => r.user_id === user.id)) throw new BizError('不能删除自己的账号');
    const admins = await repo.schoolAdminsAmong(tx, rows.map((r) => r.user_id));
    if (admins.length) {
      const names = rows.filter((r) => admins.some((a) => a.user_id === r.user_id)).map((r) => r.name).join('、');
      throw new BizError(`学校管理员不能删除：${names}`);
    }
    await guardInUse(async () => {
      await accounts.deleteTeacherRows(tx, unique);
      await accounts.deleteAccounts(tx, rows.map((r) => r.user_id), user.schoolId);
    }, '教师已有阅卷或考试数据，不能删除，可在用户管理中禁用其账号');
    return rows.length;
  });
}
