import type { FastifyRequest } from 'fastify';
import { DEFAULT_MENUS, ROLE_CODES, type RoleCode } from '@jz/shared';
import type { UserDuty } from '@jz/shared/roles';
import type { AdminMe, CurrentUserInfo } from '@jz/shared/api/auth';
import type { AppContext } from '../../core/context.js';
import { createSession, tokenOf, type AuthUser } from '../../core/auth.js';
import { hashPassword, verifyPassword } from '../../core/crypto.js';
import { BizError, notFound, unauthorized } from '../../core/http.js';
import { findUserByEmail, loadRoleInfos } from '../users/users.repository.js';
import { releaseAttempt, reserveAttempt, waitSecondsAfter } from './login-throttle.js';
import { consumeEmailCode, issueEmailCode, normalizeEmail } from './email-code.service.js';
import * as repo from './auth.repository.js';
import * as signUpRepo from '../sign-up/sign-up.repository.js';

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

/** Failures one client address may have over all accounts, as a multiple of LOGIN_FAIL_LIMIT (password spraying). */
export const ADDRESS_LIMIT_FACTOR = 10;

export interface LoginResult { accessToken: string; mustChangePassword: boolean }

/**
 * Password login of every portal. Failures are counted per (account, client address) pair, and per address over
 * all accounts (ADDRESS_LIMIT_FACTOR × the limit), before the password is checked (login-throttle.ts): with
 * config.loginFailLimit failures the pair waits 60 s, each further failure doubles the wait. The same account from
 * another address is not affected. The owner is told by mail when its pair reaches the limit.
 */
export async function passwordLogin(ctx: AppContext, opts: { loginId: string; password: string; ip: string; portal: Portal }): Promise<LoginResult> {
  const { db, config } = ctx;
  const loginId = opts.loginId.trim();
  const plain = ctx.cipher.decrypt(opts.password);
  const pair = { key: `login:pair:${loginId.toLowerCase()}:${opts.ip}`, limit: config.loginFailLimit };
  const address = { key: `login:ip:${opts.ip}`, limit: config.loginFailLimit * ADDRESS_LIMIT_FACTOR };
  const turn = await reserveAttempt(db, [pair, address], config.rateWindowMs);
  if (!turn.ok) throw new BizError(`登录失败次数过多，请${turn.waitSeconds}秒后再试`, 429, { waitSeconds: turn.waitSeconds });
  const u = await repo.loginTarget(db, loginId);
  // Unknown accounts cost the same time as known ones.
  const good = u ? await verifyPassword(plain, u.password_hash) : await verifyPassword(plain, await (dummyHash ??= hashPassword('dummy-password')));
  if (!u || !good) {
    if (u?.email && turn.failures.get(pair.key) === pair.limit) await tellOwner(ctx, u, opts.ip, pair.limit);
    if (opts.portal === 'teacher') await explainSignUp(ctx, loginId, plain);
    throw new BizError('账号或密码错误');
  }
  await releaseAttempt(db, [pair.key], [address]);
  assertMayEnter(u, opts.portal);
  const accessToken = await createSession(db, u.id, opts.portal === 'admin' ? 'admin' : 'user', config.userTokenTtlMs);
  return { accessToken, mustChangePassword: u.must_change_password };
}

/**
 * A teacher whose sign-up is not approved yet (or was refused) is told so, but only when the password typed is the
 * one of that request: without it the answer stays 账号或密码错误, so nobody learns of another's request. Every
 * failed teacher login pays one more hash check, whether a request exists or not.
 */
async function explainSignUp(ctx: AppContext, loginId: string, plain: string): Promise<void> {
  const r = await signUpRepo.latestRequestOfLogin(ctx.db, loginId);
  const own = await verifyPassword(plain, r?.password_hash ?? await (dummyHash ??= hashPassword('dummy-password')));
  if (!r || !own || r.status === 'approved') return;
  if (r.status === 'pending') throw new BizError('注册申请正在等待学校管理员审核，审核通过后方可登录');
  throw new BizError(`注册申请未通过学校管理员审核${r.reason ? `（${r.reason}）` : ''}，请联系学校管理员`);
}

/** Mail to the account's bound address when a client address reaches the failure limit (a failed send is only logged). */
async function tellOwner(ctx: AppContext, u: { login_id: string; email: string | null }, ip: string, limit: number): Promise<void> {
  try {
    await ctx.mailer.send({
      to: u.email!,
      subject: '【大数据精准教学诊断平台】账号登录异常提醒',
      text: `您的账号 ${u.login_id} 从地址 ${ip} 连续 ${limit} 次密码错误，该地址需等待 ${waitSecondsAfter(limit, limit)} 秒后才能再次尝试，`
        + '此后每错一次等待时间加倍；其他地址的登录不受影响。如非本人操作，请尽快修改密码。',
    });
  } catch (e) {
    ctx.mailer.log.warn({ err: e }, '登录异常提醒邮件发送失败');
  }
}

/** POST auth/emailLogin: the code of email/sendLoginEmailCode, teaching accounts only. */
export async function emailLogin(ctx: AppContext, rawEmail: string, code: string): Promise<LoginResult> {
  const email = normalizeEmail(rawEmail);
  const { userId } = await consumeEmailCode(ctx, email, 'login', code);
  const u = await findUserByEmail(ctx.db, email);
  if (!u || (userId !== null && u.id !== userId)) throw new BizError('验证码错误或已过期');
  assertMayEnter(u, 'teacher');
  return { accessToken: await createSession(ctx.db, u.id, 'user', ctx.config.userTokenTtlMs), mustChangePassword: u.must_change_password };
}

/** Ends the session of the request's token (also for tokens no longer valid: the call is idempotent). */
export async function signOut(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const token = tokenOf(req);
  if (!token) return;
  await repo.revokeToken(ctx.db, token);
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
  const self = await repo.emailOf(ctx.db, user.id);
  if (self.email) throw new BizError('每个账号仅允许绑定一个邮箱号，请先解除绑定');
  const owner = await findUserByEmail(ctx.db, email);
  if (owner) throw new BizError('该邮箱已绑定其他账号，每个邮箱号仅支持绑定一个账号');
  return issueEmailCode(ctx, { email, purpose: 'bind', userId: user.id, ip, deliver: true });
}

/**
 * The duties that open menu entries (@jz/shared roles USER_DUTIES), by the same rules the servers check: exam
 * subject set-up (exam.access canEditSubject for some grade and course), the marking monitor (set-up, or 题组长 of a
 * block: marking.access leadsBlock), scanning (scan.access: exam:scan:do as a leader, or 扫描员).
 */
async function dutiesOf(ctx: AppContext, user: AuthUser & { schoolId: number }): Promise<UserDuty[]> {
  const has = (p: string) => user.permissions.has(p);
  const role = (...codes: RoleCode[]) => user.roles.some((r) => codes.includes(r.roleCode as RoleCode));
  const setup = (has('exam:exam:edit') && role('school_admin', 'grade_leader')) || (has('exam:exam:view') && role('lesson_leader'));
  const { leadsBlock, operates } = await repo.dutiesOf(ctx.db, user.schoolId, user.id);
  const out: UserDuty[] = [];
  if (setup) out.push('examSetup');
  if (setup || leadsBlock) out.push('markingMonitor');
  if ((has('exam:scan:do') && role('school_admin', 'grade_leader', 'lesson_leader')) || operates) out.push('scan');
  return out;
}

const mainRole = (codes: string[]) => [...codes].sort((a, b) => ROLE_CODES.indexOf(a as RoleCode) - ROLE_CODES.indexOf(b as RoleCode))[0] ?? null;

/** GET teach/user/getCurrentUserInfo */
export async function currentUserInfo(ctx: AppContext, user: AuthUser & { schoolId: number }): Promise<CurrentUserInfo> {
  // The session's view (core/auth): a session the platform administrator opened is not forced.
  const row = await repo.accountWithSchool(ctx.db, user.id);
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
    duties: user.userType === 'teacher' ? await dutiesOf(ctx, user) : [],
    schoolId: row.school_id,
    schoolName: row.school_name,
    schoolLogo: row.logo,
    mustChangePassword: user.mustChangePassword === true,
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
  const school = await repo.schoolStatus(ctx.db, schoolId);
  if (!school) throw notFound('学校');
  if (school.status !== 1) throw new BizError('该学校已关闭');
  const admin = await repo.firstSchoolAdmin(ctx.db, schoolId);
  if (!admin) throw new BizError('该学校暂无可用的管理员账号');
  return createSession(ctx.db, admin.id, 'user', ctx.config.userTokenTtlMs, true);
}
