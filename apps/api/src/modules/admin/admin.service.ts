import { DEFAULT_RESET_PASSWORD } from '@jz/shared/school';
import { DEFAULT_ROLE_PERMISSIONS, ROLE_CODES } from '@jz/shared/roles';
import { PROVINCES, areasOf } from '@jz/shared/regions';
import { checkWeakPassword } from '@jz/shared/api/personal';
import {
  PLATFORM_PERMISSION_NAMES, SCHOOL_STATUS_NAMES,
  type CourseSaveBody, type SchoolCreateBody, type SchoolSaveBody, type SysRoleSaveBody, type SysUserCreateBody, type SysUserUpdateBody,
} from '@jz/shared/api/admin';
import type { AppContext } from '../../core/context.js';
import type { AuthUser } from '../../core/auth.js';
import { hashPassword } from '../../core/crypto.js';
import { BizError, notFound, page } from '../../core/http.js';
import type { Tx } from '../../db/database.js';
import * as repo from './admin.repository.js';
import * as accounts from '../users/accounts.repository.js';

/** Platform administrator rules (docs/DOMAIN-RULES.md §1): schools, their admin accounts and grades, dictionaries, sys users and roles. */

interface PageQ { current: number; size: number }
const offsetOf = (q: PageQ) => (q.current - 1) * q.size;

const pad = (n: number) => String(n).padStart(2, '0');
/** 2026-01-31 08:05:09 (server local time). */
export function formatTime(d: unknown): string {
  const t = new Date(d as Date | string);
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())} ${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
}

const pgCode = (e: unknown) => (e as { code?: string } | null)?.code;

/** Runs one command in one transaction; a unique / foreign-key violation that slipped past the checks becomes a Chinese refusal. */
async function command<T>(ctx: AppContext, fn: (tx: Tx) => Promise<T>, messages: { unique?: string; foreignKey?: string } = {}): Promise<T> {
  try {
    return await ctx.db.transaction().execute(fn);
  } catch (e) {
    if (pgCode(e) === '23505') throw new BizError(messages.unique ?? '数据已存在，请勿重复提交');
    if (pgCode(e) === '23503') throw new BizError(messages.foreignKey ?? '数据已被使用，不能删除');
    throw e;
  }
}

function checkRegion(province: string, area: string) {
  if (!PROVINCES.includes(province)) throw new BizError(`省份「${province}」不存在`);
  if (!areasOf(province).includes(area)) throw new BizError(`地区「${area}」不属于${province}`);
}

/** A password sent RSA-encrypted by the browser for the account `loginId`, checked for length and the weakest passwords. */
function decryptPassword(ctx: AppContext, encrypted: string, loginId: string): string {
  const plain = ctx.cipher.decrypt(encrypted);
  if (plain.length < 6 || plain.length > 32) throw new BizError('密码长度为6到32位');
  if (/\s/.test(plain)) throw new BizError('密码不能包含空格');
  const weak = checkWeakPassword(plain, loginId);
  if (weak) throw new BizError(weak);
  return plain;
}

// ---------- schools ----------

export async function schoolCounts(ctx: AppContext) {
  const c = await repo.countSchools(ctx.db);
  return { schoolTotal: c.total, openSchoolTotal: c.open, closedSchoolTotal: c.total - c.open, studentTotal: c.students, teacherTotal: c.teachers };
}

export const provinceList = () => PROVINCES;

export function areaList(province: string) {
  if (!PROVINCES.includes(province)) throw new BizError(`省份「${province}」不存在`);
  return areasOf(province);
}

export async function schoolPage(ctx: AppContext, q: PageQ & repo.SchoolFilter) {
  const { total, rows } = await repo.pageSchools(ctx.db, q, offsetOf(q), q.size);
  const admins = await repo.schoolAdmins(ctx.db, rows.map((r) => r.id));
  const records = rows.map((s) => {
    const a = admins.find((x) => x.schoolId === s.id);
    return {
      id: s.id, name: s.name, code: s.code, province: s.province, area: s.area, address: s.address, logo: s.logo,
      contactName: s.contact_name, contactPhone: s.contact_phone, status: s.status, statusName: SCHOOL_STATUS_NAMES[s.status] ?? '未知', kind: s.kind,
      createdAt: formatTime(s.created_at),
      gradeCount: Number(s.gradeCount ?? 0), classCount: Number(s.classCount ?? 0),
      studentCount: Number(s.studentCount ?? 0), teacherCount: Number(s.teacherCount ?? 0),
      adminUserId: a?.userId ?? null, adminLoginId: a?.loginId ?? null, adminUserName: a?.userName ?? null,
    };
  });
  return page(records, total, q);
}

async function assertNoSchoolClash(tx: Tx, body: SchoolSaveBody, exceptId?: number) {
  const clash = await repo.findSchoolClash(tx, body.name, body.code, exceptId);
  if (clash.some((c) => c.name === body.name)) throw new BizError(`学校名称「${body.name}」已存在`);
  if (clash.length) throw new BizError(`学校编码「${body.code}」已存在`);
}

const schoolColumns = (b: SchoolSaveBody) => ({
  name: b.name, code: b.code, province: b.province, area: b.area, address: b.address ?? '',
  contact_name: b.contactName ?? '', contact_phone: b.contactPhone ?? '', ...(b.logo !== undefined ? { logo: b.logo || null } : {}),
});

/** A school, its administrator account (initial password DEFAULT_RESET_PASSWORD) and its default role permissions, in one transaction. */
export async function createSchool(ctx: AppContext, body: SchoolCreateBody) {
  checkRegion(body.province, body.area);
  const adminLoginId = body.adminLoginId ?? `${body.code.toLowerCase()}_admin`;
  const adminUserName = body.adminUserName || `${body.name}管理员`;
  const passwordHash = await hashPassword(DEFAULT_RESET_PASSWORD);
  return command(ctx, async (tx) => {
    await assertNoSchoolClash(tx, body);
    if (await repo.loginIdTaken(tx, adminLoginId)) throw new BizError(`管理员账号「${adminLoginId}」已存在，请换一个`);
    const schoolId = await repo.insertSchool(tx, { ...schoolColumns(body), kind: body.kind ?? 'school' });
    const adminUserId = await accounts.insertAccount(tx, {
      school_id: schoolId, login_id: adminLoginId, user_name: adminUserName, email: null, phone: body.contactPhone || null, gender: null,
      password_hash: passwordHash, user_type: 'teacher', sys_role_id: null, must_change_password: true,
    });
    await accounts.insertTeacher(tx, { school_id: schoolId, user_id: adminUserId, name: adminUserName, phone: body.contactPhone ?? '' });
    await accounts.insertRoles(tx, [{ school_id: schoolId, user_id: adminUserId, role_code: 'school_admin', grade_id: null, class_id: null, course_code: null }]);
    // school_admin holds every permission implicitly (core/auth), as in the demo seed.
    const perms = ROLE_CODES.filter((role) => role !== 'school_admin').flatMap((role) => [...new Set(DEFAULT_ROLE_PERMISSIONS[role])].map((code) => ({ school_id: schoolId, role_code: role, permission_code: code })));
    await repo.insertRolePermissions(tx, perms);
    return { id: schoolId, adminUserId, adminLoginId, initialPassword: DEFAULT_RESET_PASSWORD };
  }, { unique: '学校名称、编码或管理员账号已存在' });
}

export async function updateSchool(ctx: AppContext, id: number, body: SchoolSaveBody) {
  checkRegion(body.province, body.area);
  await command(ctx, async (tx) => {
    if (!(await repo.findSchool(tx, id))) throw notFound('学校');
    await assertNoSchoolClash(tx, body, id);
    await repo.updateSchool(tx, id, schoolColumns(body));
  }, { unique: '学校名称或编码已存在' });
}

/** Close: the school's users can no longer log in (core/auth refuses them) and their sessions end now. Open undoes it. */
export async function setSchoolStatus(ctx: AppContext, id: number, status: 0 | 1) {
  await command(ctx, async (tx) => {
    if (!(await repo.findSchool(tx, id))) throw notFound('学校');
    await repo.updateSchool(tx, id, { status });
    if (status === 0) await repo.revokeSessionsOfSchool(tx, id);
  });
}

async function schoolAdminOrThrow(ctx: AppContext | { db: Tx }, userId: number) {
  const a = await repo.findSchoolAdmin(ctx.db, userId);
  if (!a) throw notFound('学校管理员账号');
  return a;
}

export async function schoolAdminAccount(ctx: AppContext, userId: number) {
  const a = await schoolAdminOrThrow(ctx, userId);
  return { ...a, passwordRetrievable: false, passwordHint: '密码已加密保存，无法查看；如忘记密码请重置为初始密码' };
}

export async function resetSchoolAdminPassword(ctx: AppContext, userId: number) {
  const hash = await hashPassword(DEFAULT_RESET_PASSWORD);
  return command(ctx, async (tx) => {
    const a = await schoolAdminOrThrow({ db: tx }, userId);
    await accounts.setPassword(tx, [userId], hash, true);
    await repo.revokeSessionsOfUsers(tx, [userId]);
    return { userId, loginId: a.loginId, password: DEFAULT_RESET_PASSWORD };
  });
}

export async function schoolGradeList(ctx: AppContext, schoolId: number) {
  if (!(await repo.findSchool(ctx.db, schoolId))) throw notFound('学校');
  const { grades, courses } = await repo.schoolGrades(ctx.db, schoolId);
  return grades.map((g) => ({
    id: g.id, gradeDictId: g.grade_dict_id, name: g.name, sort: g.sort, classCount: Number(g.classCount ?? 0),
    courses: courses.filter((c) => c.grade_id === g.id).map((c) => ({ courseCode: c.course_code, courseName: c.course_name })),
  }));
}

/** Adds dictionary grades to a school, each with every dictionary course; grades the school already has are skipped. */
export async function addSchoolGrades(ctx: AppContext, schoolId: number, gradeIds: number[]) {
  return command(ctx, async (tx) => {
    if (!(await repo.findSchool(tx, schoolId))) throw notFound('学校');
    const ids = [...new Set(gradeIds)];
    const dict = await repo.gradeDictByIds(tx, ids);
    if (dict.length !== ids.length) throw new BizError('所选年级不存在，请刷新后重试');
    const existing = await repo.gradesOfSchool(tx, schoolId);
    const courses = await repo.courseDict(tx);
    const added: string[] = [];
    const skipped: string[] = [];
    for (const g of dict) {
      if (existing.some((e) => e.grade_dict_id === g.id || e.name === g.name)) { skipped.push(g.name); continue; }
      await repo.insertGradeWithCourses(tx, schoolId, g, courses);
      added.push(g.name);
    }
    return { added, skipped };
  }, { unique: '年级已存在' });
}

// ---------- dictionaries ----------

export const gradeDictList = (ctx: AppContext) => repo.gradeDict(ctx.db);
export const courseDictList = (ctx: AppContext) => repo.courseDict(ctx.db);

export async function saveCourse(ctx: AppContext, body: CourseSaveBody) {
  return command(ctx, async (tx) => {
    const clash = await repo.findCourseClash(tx, body.code, body.name, body.id);
    if (clash.some((c) => c.code === body.code)) throw new BizError(`学科编码「${body.code}」已存在`);
    if (clash.length) throw new BizError(`学科名称「${body.name}」已存在`);
    if (body.id) {
      const old = await repo.findCourse(tx, body.id);
      if (!old) throw notFound('学科');
      if (old.code !== body.code && (await repo.coursesInUse(tx, [old.code])).length) {
        throw new BizError(`学科「${old.name}」已被学校年级使用，不能修改编码`);
      }
      await repo.updateCourse(tx, body.id, { code: body.code, name: body.name, ...(body.sort !== undefined ? { sort: body.sort } : {}) });
      return { id: body.id };
    }
    const sort = body.sort ?? (await repo.maxCourseSort(tx)) + 1;
    return { id: await repo.insertCourse(tx, { code: body.code, name: body.name, sort }) };
  }, { unique: '学科编码或名称已存在' });
}

export async function deleteCourses(ctx: AppContext, ids: number[]) {
  return command(ctx, async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await repo.coursesByIds(tx, unique);
    if (rows.length !== unique.length) throw notFound('学科');
    const used = await repo.coursesInUse(tx, rows.map((r) => r.code));
    if (used.length) {
      const names = rows.filter((r) => used.includes(r.code)).map((r) => `「${r.name}」`).join('、');
      throw new BizError(`学科${names}已被学校年级使用，不能删除`);
    }
    await repo.deleteCourses(tx, unique);
    return { deleted: rows.length };
  });
}

// ---------- sys users ----------

const sysUserRecord = (u: Awaited<ReturnType<typeof repo.sysUsers>>['rows'][number]) => ({
  id: u.id, loginId: u.login_id, userName: u.user_name, email: u.email, phone: u.phone, status: u.status,
  roleId: u.sys_role_id, roleName: u.role_name ?? null, createdAt: formatTime(u.created_at),
});

export async function sysUserPage(ctx: AppContext, q: PageQ & repo.SysUserFilter) {
  const { total, rows } = await repo.sysUsers(ctx.db, q, offsetOf(q), q.size);
  return page(rows.map(sysUserRecord), total, q);
}

export async function sysUserList(ctx: AppContext) {
  const { rows } = await repo.sysUsers(ctx.db, {});
  return rows.map(sysUserRecord);
}

/** Refuses a command that would leave no enabled platform user able to manage sys users and roles. */
async function assertSysAdminRemains(tx: Tx) {
  if ((await repo.countSysAdmins(tx)) === 0) throw new BizError('至少需要保留一个可管理系统用户与角色的启用账号');
}

async function assertRoleExists(tx: Tx, roleId: number) {
  const role = await repo.findRole(tx, roleId);
  if (!role) throw new BizError('所选角色不存在，请刷新后重试');
}

async function checkSysUserFields(tx: Tx, body: SysUserUpdateBody, exceptId?: number) {
  if (await repo.loginIdTaken(tx, body.loginId, exceptId)) throw new BizError(`登录账号「${body.loginId}」已存在`);
  if (body.email && (await repo.emailTaken(tx, body.email, exceptId))) throw new BizError(`邮箱「${body.email}」已被其他账号绑定`);
  await assertRoleExists(tx, body.roleId);
}

export async function createSysUser(ctx: AppContext, body: SysUserCreateBody) {
  const plain = body.password ? decryptPassword(ctx, body.password, body.loginId) : DEFAULT_RESET_PASSWORD;
  const hash = await hashPassword(plain);
  return command(ctx, async (tx) => {
    await checkSysUserFields(tx, body);
    const id = await accounts.insertAccount(tx, {
      school_id: null, login_id: body.loginId, user_name: body.userName, email: body.email || null, phone: body.phone || null, gender: null,
      password_hash: hash, user_type: 'platform', sys_role_id: body.roleId, status: body.status ?? 1,
    });
    return { id };
  }, { unique: '登录账号或邮箱已存在' });
}

export async function updateSysUser(ctx: AppContext, caller: AuthUser, id: number, body: SysUserUpdateBody) {
  await command(ctx, async (tx) => {
    const user = await repo.findPlatformUser(tx, id);
    if (!user) throw notFound('系统用户');
    if (id === caller.id && body.status === 0) throw new BizError('不能禁用当前登录的账号');
    await checkSysUserFields(tx, body, id);
    await accounts.updateAccounts(tx, [id], {
      login_id: body.loginId, user_name: body.userName, email: body.email || null, phone: body.phone || null, sys_role_id: body.roleId,
      ...(body.status !== undefined ? { status: body.status } : {}),
    });
    if (body.status === 0) await repo.revokeSessionsOfUsers(tx, [id]);
    await assertSysAdminRemains(tx);
  }, { unique: '登录账号或邮箱已存在' });
}

/** Sets a platform user's password; its other sessions end (the caller's own session survives a change of its own password). */
export async function setSysUserPassword(ctx: AppContext, caller: AuthUser, userId: number, encrypted: string) {
  const target = await repo.findPlatformUser(ctx.db, userId);
  if (!target) throw notFound('系统用户');
  const hash = await hashPassword(decryptPassword(ctx, encrypted, target.login_id));
  await command(ctx, async (tx) => {
    if (!(await repo.findPlatformUser(tx, userId))) throw notFound('系统用户');
    await accounts.setPassword(tx, [userId], hash);
    await repo.revokeSessionsOfUsers(tx, [userId], userId === caller.id ? caller.sessionId : undefined);
  });
}

export async function deleteSysUsers(ctx: AppContext, caller: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.includes(caller.id)) throw new BizError('不能删除当前登录的账号');
  return command(ctx, async (tx) => {
    const rows = await repo.platformUsersByIds(tx, unique);
    if (rows.length !== unique.length) throw notFound('系统用户');
    await accounts.deleteAccounts(tx, unique);
    await assertSysAdminRemains(tx);
    return { deleted: rows.length };
  }, { foreignKey: '用户已有业务数据，不能删除，请改为禁用' });
}

// ---------- sys roles ----------

const roleRecord = (r: Awaited<ReturnType<typeof repo.sysRoles>>['rows'][number]) => ({
  id: r.id, code: r.code, name: r.name, remark: r.remark, permissions: r.permissions, userCount: Number(r.userCount ?? 0), createdAt: formatTime(r.created_at),
});

export async function sysRolePage(ctx: AppContext, q: PageQ & { keyword?: string }) {
  const { total, rows } = await repo.sysRoles(ctx.db, q.keyword, offsetOf(q), q.size);
  return page(rows.map(roleRecord), total, q);
}

export async function sysRoleList(ctx: AppContext) {
  const { rows } = await repo.sysRoles(ctx.db);
  return rows.map(roleRecord);
}

export const permissionList = () => Object.entries(PLATFORM_PERMISSION_NAMES).map(([code, name]) => ({ code, name }));

async function assertNoRoleClash(tx: Tx, body: SysRoleSaveBody, exceptId?: number) {
  const clash = await repo.findRoleClash(tx, body.code, body.name, exceptId);
  if (clash.some((c) => c.code.toLowerCase() === body.code.toLowerCase())) throw new BizError(`角色编码「${body.code}」已存在`);
  if (clash.length) throw new BizError(`角色名称「${body.name}」已存在`);
}

export async function createSysRole(ctx: AppContext, body: SysRoleSaveBody) {
  return command(ctx, async (tx) => {
    await assertNoRoleClash(tx, body);
    return { id: await repo.insertSysRole(tx, { code: body.code, name: body.name, remark: body.remark ?? '', permissions: [...new Set(body.permissions)] }) };
  }, { unique: '角色编码或名称已存在' });
}

export async function updateSysRole(ctx: AppContext, id: number, body: SysRoleSaveBody) {
  await command(ctx, async (tx) => {
    if (!(await repo.findRole(tx, id))) throw notFound('角色');
    await assertNoRoleClash(tx, body, id);
    await repo.updateSysRole(tx, id, { code: body.code, name: body.name, remark: body.remark ?? '', permissions: [...new Set(body.permissions)] });
    await assertSysAdminRemains(tx);
  }, { unique: '角色编码或名称已存在' });
}

export async function deleteSysRoles(ctx: AppContext, ids: number[]) {
  return command(ctx, async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await repo.rolesByIds(tx, unique);
    if (rows.length !== unique.length) throw notFound('角色');
    const used = await repo.rolesInUse(tx, unique);
    if (used.length) {
      const names = rows.filter((r) => used.some((u) => u.sys_role_id === r.id)).map((r) => `「${r.name}」`).join('、');
      throw new BizError(`角色${names}已分配给用户，不能删除`);
    }
    await repo.deleteSysRoles(tx, unique);
    return { deleted: rows.length };
  }, { foreignKey: '角色已被使用，不能删除' });
}
