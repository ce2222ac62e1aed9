import type { FastifyRequest } from 'fastify';
import { DEFAULT_MENUS, ROLE_CODES, type RoleCode } from '@jz/shared';
import type { AdminMe, CurrentUserInfo } from '@jz/shared/api/auth';
import type { AppContext } from '../../core/context.js';
import { createSession, tokenOf, type AuthUser } from '../../core/auth.js';
import { hashPassword, sha256, verifyPassword } from '../../core/crypto.js';
import { BizError, notFound, unauthorized } from '../../core/http.js';
import { findUserByEmail, loadRoleInfos } from '../users/users.repository.js';
import { blockedSeconds, clearEvents, minutesText, recordEvent } from './rate-limit.js';
import { consumeEmailCode, issueEmailCode, normalizeEmail } from './email-code.service.js';

/** Which login entry is used: the teaching site (/api/v1), the student site (/studentApi/v1) or the platform admin (/adminApi/v1). */
export type Portal = 'teacher' | 'student' | 'admin';

let dummyHash: Promise<string> | undefined;

interface LoginTarget { id: number; user_type: string; status: number; school_id: number | null; school_status: number | null }

/** Refusals that apply after the password (or email code) has been proven. */
export function assertMayEnter(u: LoginTarget, portal: Portal): void {
  if (portal === 'teacher' && u.user_type === 'student') throw new BizError('学生请使用学生登录入口');
  if (portal === 'teacher' && u.user_type === 'platform') throw new BizError('平台管理员请使用管理员登录入口');
  if (portal === 'student' && u.user_type !== 'student') throw new BizError('该账号不是学生账号，请使用教师登录入口');
  if (portal === 'admin' && u.user_type !== 'platform') throw new BizError('该账号不是平台管理员账号');
  if (u.status !== 1) throw new BizError('账号已被禁用，请联系管理员', 403);
  if (u.user_type !== 'platform' && (u.school_id === null || u.school_status !== 1)) throw new BizError('所在学校已关闭，请联系平台管理员', 403);
}

/**
 * Password login of every portal. Failures are counted per account and per client address; with
 * config.loginFailLimit failures in config.rateWindowMs the login is refused, even with the right password.
 */
export async function passwordLogin(ctx: AppContext, opts: { loginId: string; password: string; ip: string; portal: Portal }): Promise<string> {
  const { db, config } = ctx;
  const loginId = opts.loginId.trim();
  const acctKey = `login:acct:${loginId.toLowerCase()}`;
  const ipKey = `login:ip:${opts.ip}`;
  const wait = Math.max(
    await blockedSeconds(db, acctKey, config.loginFailLimit, config.rateWindowMs),
    await blockedSeconds(db, ipKey, config.loginFailLimit, config.rateWindowMs),
  );
  if (wait > 0) throw new BizError(`登录失败次数过多，请${minutesText(wait)}后再试`, 429);
  const plain = ctx.cipher.decrypt(opts.password);
  const u = await db.selectFrom('app_user as u').leftJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id', 'u.password_hash', 'u.user_type', 'u.status', 'u.school_id', 's.status as school_status'])
    .where('u.login_id', '=', loginId).executeTakeFirst();
  // Unknown accounts cost the same time as known ones.
  const good = u ? await verifyPassword(plain, u.password_hash) : await verifyPassword(plain, await (dummyHash ??= hashPassword('dummy-password')));
  if (!u || !good) {
    await recordEvent(db, acctKey, config.rateWindowMs);
    await recordEvent(db, ipKey, config.rateWindowMs);
    throw new BizError('账号或密码错误');
  }
  assertMayEnter(u, opts.portal);
  await clearEvents(db, acctKey);
  return createSession(db, u.id, opts.portal === 'admin' ? 'admin' : 'user', config.userTokenTtlMs);
}

/** POST auth/emailLogin: the code of email/sendLoginEmailCode, teaching accounts only. */
export async function emailLogin(ctx: AppContext, rawEmail: string, code: string): Promise<string> {
  const email = normalizeEmail(rawEmail);
  const { userId } = await consumeEmailCode(ctx, email, 'login', code);
  const u = await findUserByEmail(ctx.db, email);
  if (!u || (userId !== null && u.id !== userId)) throw new BizError('验证码错误或已过期');
  assertMayEnter(u, 'teacher');
  return createSession(ctx.db, u.id, 'user', ctx.config.userTokenTtlMs);
}

/** Ends the session of the request's token (also for tokens no longer valid: the call is idempotent). */
export async function signOut(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const token = tokenOf(req);
  if (!token) return;
  await ctx.db.updateTable('session').set({ revoked_at: new Date() }).where('token_hash', '=', sha256(token)).where('revoked_at', 'is', null).execute();
}

/**
 * email/sendLoginEmailCode and email/sendReSetPwdEmailCode: a code is mailed only when the mailbox is bound to an
 * account that may use it; otherwise the same answer is given and nothing is sent (no account discovery).
 */
export async function sendAccountEmailCode(ctx: AppContext, rawEmail: string, purpose: 'login' | 'reset', ip: string): Promise<number> {
  const email = normalizeEmail(rawEmail);
  const u = await findUserByEmail(ctx.db, email);
  const usable = !!u && u.status === 1 && u.user_type !== 'platform' && (purpose === 'reset' || u.user_type === 'teacher');
  return issueEmailCode(ctx, { email, purpose, userId: usable ? u!.id : null, ip, deliver: usable });
}

/** email/sendBindEmailCode: the caller binds a mailbox to its own account. */
export async function sendBindEmailCode(ctx: AppContext, user: AuthUser, rawEmail: string, userId: number | undefined, ip: string): Promise<number> {
  if (userId !== undefined && userId !== user.id) throw new BizError('只能为当前登录账号绑定邮箱', 403);
  const email = normalizeEmail(rawEmail);
  const self = await ctx.db.selectFrom('app_user').select('email').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (self.email) throw new BizError('每个账号仅允许绑定一个邮箱号，请先解除绑定');
  const owner = await findUserByEmail(ctx.db, email);
  if (owner) throw new BizError('该邮箱已绑定其他账号，每个邮箱号仅支持绑定一个账号');
  return issueEmailCode(ctx, { email, purpose: 'bind', userId: user.id, ip, deliver: true });
}

const mainRole = (codes: string[]) => [...codes].sort((a, b) => ROLE_CODES.indexOf(a as RoleCode) - ROLE_CODES.indexOf(b as RoleCode))[0] ?? null;

/** GET teach/user/getCurrentUserInfo */
export async function currentUserInfo(ctx: AppContext, user: AuthUser & { schoolId: number }): Promise<CurrentUserInfo> {
  const row = await ctx.db.selectFrom('app_user as u').innerJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id', 'u.login_id', 'u.user_name', 'u.email', 'u.user_type', 's.id as school_id', 's.name as school_name', 's.logo'])
    .where('u.id', '=', user.id).executeTakeFirstOrThrow();
  const roles = (await loadRoleInfos(ctx.db, user.schoolId, [user.id])).get(user.id) ?? [];
  const roleCodes = [...new Set(roles.map((r) => r.roleCode))];
  const permissions = [...user.permissions].sort();
  return {
    id: row.id,
    userName: row.user_name,
    userEmail: row.email,
    username: row.login_id,
    userType: row.user_type,
    roles,
    roleCodes: [...roleCodes].sort((a, b) => ROLE_CODES.indexOf(a as RoleCode) - ROLE_CODES.indexOf(b as RoleCode)),
    roleId: mainRole(roleCodes),
    menus: DEFAULT_MENUS,
    buttons: permissions,
    permissions,
    schoolId: row.school_id,
    schoolName: row.school_name,
    schoolLogo: row.logo,
  };
}

export function adminMe(user: AuthUser): AdminMe {
  return { id: user.id, username: user.loginId, userName: user.userName, permissions: [...user.permissions].sort() };
}

/**
 * teach_login/admin_login_teach: a platform admin (admin token) obtains a teaching token of the school's
 * administrator (the lowest-id enabled school_admin user of that school).
 */
export async function adminLoginTeach(ctx: AppContext, req: FastifyRequest, schoolId: number): Promise<string> {
  const caller = req.auth;
  if (!caller || caller.kind !== 'admin' || caller.userType !== 'platform') throw unauthorized();
  const school = await ctx.db.selectFrom('school').select(['id', 'status']).where('id', '=', schoolId).executeTakeFirst();
  if (!school) throw notFound('学校');
  if (school.status !== 1) throw new BizError('该学校已关闭');
  const admin = await ctx.db.selectFrom('user_role as ur').innerJoin('app_user as u', 'u.id', 'ur.user_id')
    .select('u.id').where('ur.school_id', '=', schoolId).where('ur.role_code', '=', 'school_admin')
    .where('u.status', '=', 1).where('u.school_id', '=', schoolId).orderBy('u.id').limit(1).executeTakeFirst();
  if (!admin) throw new BizError('该学校暂无可用的管理员账号');
  return createSession(ctx.db, admin.id, 'user', ctx.config.userTokenTtlMs);
}
