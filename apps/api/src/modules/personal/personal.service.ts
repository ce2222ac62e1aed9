import { DEFAULT_RESET_PASSWORD } from '@jz/shared';
import { checkNewPassword, type MyCourseData, type UpdatePasswordBody, type UserProfile } from '@jz/shared/api/personal';
import type { AppContext } from '../../core/context.js';
import type { AuthUser } from '../../core/auth.js';
import { hashPassword, verifyPassword } from '../../core/crypto.js';
import { BizError, forbidden } from '../../core/http.js';
import { idsInSchool, loadRoleInfos, revokeUserSessions, setByOther } from '../users/users.repository.js';
import * as accounts from '../users/accounts.repository.js';
import * as repo from './personal.repository.js';

type SchoolUser = AuthUser & { schoolId: number };

/** Decrypts a new password of the account `loginId` and applies checkNewPassword (strength, common list, login id). */
export function newPasswordFrom(ctx: AppContext, encrypted: string, loginId: string): string {
  const plain = ctx.cipher.decrypt(encrypted).trim();
  const problem = checkNewPassword(plain, loginId);
  if (problem) throw new BizError(problem);
  return plain;
}

/** POST pc_personal/update_password: own password; other sessions of the account are ended. */
export async function updatePassword(ctx: AppContext, user: SchoolUser, body: UpdatePasswordBody): Promise<void> {
  if (!body.oldPassword) throw new BizError('请输入原密码');
  if (!body.newPassword) throw new BizError('请输入新密码');
  if (!body.confirmNewPassword) throw new BizError('请输入确认新密码');
  const oldPlain = ctx.cipher.decrypt(body.oldPassword);
  const newPlain = ctx.cipher.decrypt(body.newPassword).trim();
  const confirm = ctx.cipher.decrypt(body.confirmNewPassword).trim();
  if (newPlain !== confirm) throw new BizError('两次输入密码不一致');
  const problem = checkNewPassword(newPlain, user.loginId);
  if (problem) throw new BizError(problem);
  const row = await repo.passwordHashOf(ctx.db, user.id);
  if (!(await verifyPassword(oldPlain, row.password_hash))) throw new BizError('原密码错误');
  if (oldPlain === newPlain) throw new BizError('新密码不能与原密码相同');
  const hash = await hashPassword(newPlain);
  await ctx.db.transaction().execute(async (tx) => {
    // Chosen by the owner: no longer a password someone else set.
    await accounts.setPassword(tx, [user.id], hash, false);
    await revokeUserSessions(tx, [user.id], user.sessionId);
  });
}

export async function findUserInfo(ctx: AppContext, user: SchoolUser): Promise<UserProfile> {
  const row = await repo.profileOf(ctx.db, user.id);
  const roles = (await loadRoleInfos(ctx.db, user.schoolId, [user.id])).get(user.id) ?? [];
  return {
    id: row.id, username: row.login_id, loginId: row.login_id, userName: row.user_name, userEmail: row.email,
    phone: row.phone, gender: row.gender, userType: row.user_type, schoolId: row.school_id, schoolName: row.school_name,
    roleNames: [...new Set(roles.map((r) => r.roleName))],
  };
}

/** Own roles with the grades, classes and courses they cover (a grade role covers all classes of its grade). */
export async function findMyCourseData(ctx: AppContext, user: SchoolUser): Promise<MyCourseData> {
  const roles = (await loadRoleInfos(ctx.db, user.schoolId, [user.id])).get(user.id) ?? [];
  const admin = roles.some((r) => r.roleCode === 'school_admin');
  const gradeIds = new Set<number>();
  const classIds = new Set<number>();
  for (const r of roles) {
    if (r.gradeId) gradeIds.add(r.gradeId);
    if (r.classId) classIds.add(r.classId);
  }
  const leaderGrades = roles.filter((r) => (r.roleCode === 'grade_leader' || r.roleCode === 'lesson_leader') && r.gradeId).map((r) => r.gradeId!);
  const classes = await repo.classesForRoles(ctx.db, user.schoolId, admin, [...classIds], leaderGrades);
  const grades = new Map<number, string>();
  for (const r of roles) if (r.gradeId && r.gradeName) grades.set(r.gradeId, r.gradeName);
  for (const c of classes) if (admin || gradeIds.has(c.grade_id) || classIds.has(c.id)) grades.set(c.grade_id, c.grade_name);
  const courses = new Map<string, string>();
  for (const r of roles) if (r.courseCode) courses.set(r.courseCode, r.courseName ?? r.courseCode);
  return {
    roles,
    grades: [...grades].map(([gradeId, gradeName]) => ({ gradeId, gradeName })),
    classes: classes.map((c) => ({ classId: c.id, className: c.name, gradeId: c.grade_id, gradeName: c.grade_name })),
    courses: [...courses].map(([courseCode, courseName]) => ({ courseCode, courseName })),
  };
}

/** pc_personal/reset_pwd: a school user's password → the given one (encrypted) or DEFAULT_RESET_PASSWORD. */
export async function resetPwd(ctx: AppContext, user: SchoolUser, userId: number, encrypted?: string): Promise<string> {
  const target = await repo.loginIdInSchool(ctx.db, user.schoolId, userId);
  if (!target) throw forbidden();
  const plain = encrypted ? newPasswordFrom(ctx, encrypted, target.login_id) : DEFAULT_RESET_PASSWORD;
  const hash = await hashPassword(plain);
  await ctx.db.transaction().execute(async (tx) => {
    await accounts.setPassword(tx, [userId], hash, setByOther);
    await revokeUserSessions(tx, [userId], user.sessionId);
  });
  return encrypted ? '密码已重置' : `密码已重置为 ${DEFAULT_RESET_PASSWORD}`;
}

/** Enables (1) or disables (0) school users; disabling ends their sessions. Own account cannot be disabled. */
export async function setUsersStatus(ctx: AppContext, user: SchoolUser, ids: number[], status: number): Promise<number> {
  const unique = [...new Set(ids)];
  if ((await idsInSchool(ctx.db, user.schoolId, unique)).length !== unique.length) throw forbidden();
  if (status === 0 && unique.includes(user.id)) throw new BizError('不能禁用当前登录的账号');
  await ctx.db.transaction().execute(async (tx) => {
    await accounts.updateAccounts(tx, unique, { status }, user.schoolId);
    if (status === 0) await revokeUserSessions(tx, unique);
  });
  return unique.length;
}
