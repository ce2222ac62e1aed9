import { DEFAULT_RESET_PASSWORD } from '@jz/shared';
import type { AddUserBody, UpdateUserBody, UserPageQuery, UserRecord } from '@jz/shared/api/users';
import type { AppContext } from '../../core/context.js';
import type { AuthUser } from '../../core/auth.js';
import { hashPassword } from '../../core/crypto.js';
import { BizError, forbidden, notFound, page, type Page } from '../../core/http.js';
import { consumeEmailCode, issueResetTicket, normalizeEmail } from '../auth/email-code.service.js';
import { newPasswordFrom } from '../personal/personal.service.js';
import {
  accountByLoginId, accountEmail, accountOfSchoolByLoginId, findUserByEmail, idsInSchool, loadRoleInfos, outboxPage, pageUsers, revokeUserSessions,
  roleSummary, setByOther, studentByAdmissionNo,
} from './users.repository.js';
import * as accounts from './accounts.repository.js';

type SchoolUser = AuthUser & { schoolId: number };

const iso = (d: unknown) => (d instanceof Date ? d : new Date(String(d))).toISOString();

/** GET teach/user/page: users of the caller's school. */
export async function userPage(ctx: AppContext, user: SchoolUser, q: UserPageQuery): Promise<Page<UserRecord>> {
  const { total, rows } = await pageUsers(ctx.db, user.schoolId, q);
  const roles = await loadRoleInfos(ctx.db, user.schoolId, rows.map((r) => r.id));
  return page(rows.map((r) => {
    const list = roles.get(r.id) ?? [];
    return {
      id: r.id, loginId: r.login_id, userName: r.user_name, email: r.email, phone: r.phone, gender: r.gender,
      userType: r.user_type, status: r.status, createdAt: iso(r.created_at),
      roles: list.map(({ roleCode, roleName, gradeName, className, courseName, temporary }) => ({ roleCode, roleName, gradeName, className, courseName, temporary })),
      roleSummary: roleSummary(list),
    };
  }), Number(total), q);
}

/** teach/user/add: a teaching account of the caller's school (no teacher-table row: pc_teacher does that). */
export async function addUser(ctx: AppContext, user: SchoolUser, body: AddUserBody): Promise<number> {
  const exists = await accountByLoginId(ctx.db, body.loginId);
  if (exists) throw new BizError('账号已存在');
  const plain = body.password ? newPasswordFrom(ctx, body.password, body.loginId) : DEFAULT_RESET_PASSWORD;
  const hash = await hashPassword(plain);
  return ctx.db.transaction().execute(async (tx) => {
    const id = await accounts.insertAccount(tx, {
      school_id: user.schoolId, login_id: body.loginId, user_name: body.userName, phone: body.phone || null, gender: body.gender || null,
      password_hash: hash, user_type: 'teacher', must_change_password: true,
    });
    if (body.schoolAdmin) await accounts.insertRoles(tx, [{ school_id: user.schoolId, user_id: id, role_code: 'school_admin' }]);
    return id;
  });
}

export async function updateUser(ctx: AppContext, user: SchoolUser, body: UpdateUserBody): Promise<void> {
  await assertInSchool(ctx, user, [body.id]);
  await accounts.updateAccounts(ctx.db, [body.id], { user_name: body.userName, phone: body.phone || null, gender: body.gender || null }, user.schoolId);
}

async function assertInSchool(ctx: AppContext, user: SchoolUser, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if ((await idsInSchool(ctx.db, user.schoolId, unique)).length !== unique.length) throw forbidden();
  return unique;
}

/** teach/user/resetPassword and batchResetPassword → DEFAULT_RESET_PASSWORD; their sessions end (not the caller's own). */
export async function resetPasswords(ctx: AppContext, user: SchoolUser, ids: number[]): Promise<number> {
  const unique = await assertInSchool(ctx, user, ids);
  const hash = await hashPassword(DEFAULT_RESET_PASSWORD);
  await ctx.db.transaction().execute(async (tx) => {
    await accounts.setPassword(tx, unique, hash, setByOther, user.schoolId);
    await revokeUserSessions(tx, unique, user.sessionId);
  });
  return unique.length;
}

/** teach/user/unbindEmail: a user may unbind itself; others need system:user:edit and the same school. */
export async function unbindEmails(ctx: AppContext, user: SchoolUser, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const onlySelf = unique.length === 1 && unique[0] === user.id;
  if (!onlySelf) {
    if (!user.permissions.has('system:user:edit')) throw forbidden();
    await assertInSchool(ctx, user, unique);
  }
  return accounts.clearEmails(ctx.db, unique, user.schoolId);
}

/** teach/user/bindEmail: the code of email/sendBindEmailCode binds the mailbox to the caller. */
export async function bindEmail(ctx: AppContext, user: SchoolUser, rawEmail: string, code: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const self = await accountEmail(ctx.db, user.id);
  if (self.email) throw new BizError('每个账号仅允许绑定一个邮箱号，请先解除绑定');
  const owner = await findUserByEmail(ctx.db, email);
  if (owner && owner.id !== user.id) throw new BizError('该邮箱已绑定其他账号，每个邮箱号仅支持绑定一个账号');
  const { userId } = await consumeEmailCode(ctx, email, 'bind', code);
  if (userId !== user.id) throw new BizError('验证码错误或已过期');
  try {
    await accounts.updateAccounts(ctx.db, [user.id], { email });
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new BizError('该邮箱已绑定其他账号，每个邮箱号仅支持绑定一个账号');
    throw e;
  }
}

/** teach/user/checkEmailCode: proves the mailbox with the reset code → a one-time ticket for updateEmailCodePassword. */
export async function checkResetCode(ctx: AppContext, rawEmail: string, code: string): Promise<string> {
  const email = normalizeEmail(rawEmail);
  const { userId } = await consumeEmailCode(ctx, email, 'reset', code);
  const owner = await findUserByEmail(ctx.db, email);
  if (!owner || owner.id !== userId) throw new BizError('验证码错误或已过期');
  return issueResetTicket(ctx, email, owner.id);
}

/** teach/user/updateEmailCodePassword: new password with a ticket (or directly with the reset code); every session of the account ends. */
export async function updatePasswordByEmail(ctx: AppContext, body: { email: string; code?: string; ticket?: string; newPassword: string; confirmNewPassword?: string }): Promise<void> {
  const email = normalizeEmail(body.email);
  if (!body.ticket && !body.code) throw new BizError('请输入验证码');
  // The login id is needed for the password rule; an unknown mailbox is refused below like a wrong code.
  const holder = await findUserByEmail(ctx.db, email);
  const plain = newPasswordFrom(ctx, body.newPassword, holder?.login_id ?? '');
  if (body.confirmNewPassword !== undefined && body.confirmNewPassword !== '' && ctx.cipher.decrypt(body.confirmNewPassword).trim() !== plain) {
    throw new BizError('两次输入密码不一致');
  }
  const { userId } = body.ticket ? await consumeEmailCode(ctx, email, 'reset_ticket', body.ticket) : await consumeEmailCode(ctx, email, 'reset', body.code);
  const owner = await findUserByEmail(ctx.db, email);
  if (!owner || owner.id !== userId) throw new BizError('验证码错误或已过期');
  const hash = await hashPassword(plain);
  await ctx.db.transaction().execute(async (tx) => {
    // Chosen by the mailbox's owner: no longer a password someone else set.
    await accounts.setPassword(tx, [owner.id], hash, false);
    await revokeUserSessions(tx, [owner.id]);
  });
}

/** teach/user/getUserByRegistrationCode/{code}: a student of the school by admission number, else a user by login id. */
export async function userByRegistrationCode(ctx: AppContext, user: SchoolUser, code: string) {
  const st = await studentByAdmissionNo(ctx.db, user.schoolId, code);
  if (st) {
    return {
      id: st.user_id ?? null, loginId: st.login_id ?? null, userName: st.name, userType: 'student', studentId: st.student_id,
      admissionNo: st.admission_no, className: st.class_name ? `${st.grade_name ?? ''}${st.class_name}` : null,
    };
  }
  const u = await accountOfSchoolByLoginId(ctx.db, user.schoolId, code);
  if (!u) throw notFound('用户');
  return { id: u.id, loginId: u.login_id, userName: u.user_name, userType: u.user_type, studentId: null, admissionNo: null, className: null };
}

/**
 * teach/user/outbox: mails kept in the outbox (no SMTP configured) that the mailer assigned to the school: mail to
 * an address bound to one of its accounts when it was written, never a verification code (core/mailer.ts).
 */
export async function outbox(ctx: AppContext, user: SchoolUser, q: { current: number; size: number; email?: string }) {
  return outboxPage(ctx.db, user.schoolId, q);
}
