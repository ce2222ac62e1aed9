/**
 * Teacher sign-up: the school's registration code names the school; the request waits for the school's approval,
 * which makes the teacher account (with the password the teacher chose). Rules: docs/DECISIONS.md (Sign-up).
 */
import { randomInt } from 'node:crypto';
import type { SignUpBody, SignUpRequest, SignUpSetting } from '@jz/shared/api/sign-up';
import type { AppContext } from '../../core/context.js';
import { hashPassword } from '../../core/crypto.js';
import { BizError } from '../../core/http.js';
import type { Db } from '../../db/database.js';
import type { SignUpStatus } from '../../db/schema.js';
import { blockedSeconds, minutesText, recordEvent } from '../auth/rate-limit.js';
import { newPasswordFrom } from '../personal/personal.service.js';
import { isUniqueViolation } from '../school-class/school-data.js';
import * as accounts from '../users/accounts.repository.js';
import { loginIdTaken } from '../teacher/teacher.repository.js';
import * as repo from './sign-up.repository.js';

/** Attempts per address and hour: enough for typing mistakes, too few to guess a code. */
export const SIGN_UP_LIMIT = 5;
const HOUR = 3600_000;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export async function signUp(ctx: AppContext, body: SignUpBody, ip: string): Promise<{ schoolName: string; status: 'pending' }> {
  const key = `signup:ip:${ip}`;
  const wait = await blockedSeconds(ctx.db, key, SIGN_UP_LIMIT, HOUR);
  if (wait) throw new BizError(`注册尝试过于频繁，请 ${minutesText(wait)} 后再试`, 429);
  await recordEvent(ctx.db, key, HOUR);
  const school = await repo.schoolOfCode(ctx.db, body.registrationCode.toUpperCase());
  if (!school || school.schoolStatus !== 1) throw new BizError('学校注册码不正确，请向学校管理员索取');
  if (!school.enabled) throw new BizError(`${school.schoolName}未开放教师注册，请联系学校管理员开通账号`);
  const password = newPasswordFrom(ctx, body.password, body.loginId);
  if (ctx.cipher.decrypt(body.confirmPassword).trim() !== password) throw new BizError('两次输入密码不一致');
  const taken = () => new BizError(`登录账号「${body.loginId}」已被使用，请换一个`);
  const passwordHash = await hashPassword(password);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      if (await loginIdTaken(tx, body.loginId) || await repo.pendingWithLogin(tx, body.loginId)) throw taken();
      await repo.insertRequest(tx, { schoolId: school.schoolId, loginId: body.loginId, name: body.name, phone: body.phone, passwordHash });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return { schoolName: school.schoolName, status: 'pending' };
}

export async function setting(db: Db, schoolId: number): Promise<SignUpSetting> {
  const s = await repo.settingOf(db, schoolId);
  return { enabled: s?.enabled ?? false, code: s?.code ?? '' };
}

/** Turns sign-up on or off; the first time, or when asked, a new code (the old one stops working at once). */
export async function saveSetting(db: Db, schoolId: number, userId: number, body: { enabled: boolean; renewCode: boolean }): Promise<SignUpSetting> {
  const current = await repo.settingOf(db, schoolId);
  for (let attempt = 0; ; attempt++) {
    try {
      await repo.saveSetting(db, schoolId, userId, body.enabled, !current || body.renewCode ? newCode() : null);
      return setting(db, schoolId);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err; // another school drew the same code
    }
  }
}

export async function requests(db: Db, schoolId: number, status: SignUpStatus | 'all'): Promise<SignUpRequest[]> {
  return (await repo.requests(db, schoolId, status)).map((r) => ({
    id: r.id, loginId: r.login_id, name: r.name, phone: r.phone, status: r.status, reason: r.reason,
    createdAt: r.created_at.toISOString(), decidedAt: r.decided_at?.toISOString() ?? null,
  }));
}

/** Approves a pending request: the teacher account is made with the chosen password (no forced change). */
export async function approve(db: Db, schoolId: number, by: number, id: number): Promise<void> {
  try {
    await db.transaction().execute(async (tx) => {
      const r = await repo.pendingRequest(tx, schoolId, id);
      if (!r) throw new BizError('注册申请不存在', 404);
      if (r.status !== 'pending') throw new BizError('该注册申请已处理');
      if (await loginIdTaken(tx, r.login_id)) throw new BizError(`登录账号「${r.login_id}」已被使用，无法通过，请拒绝该申请`);
      const userId = await accounts.insertAccount(tx, {
        school_id: schoolId, login_id: r.login_id, user_name: r.name, email: null, phone: r.phone || null, gender: null,
        password_hash: r.password_hash, user_type: 'teacher', must_change_password: false,
      });
      await accounts.insertTeacher(tx, { school_id: schoolId, user_id: userId, name: r.name, phone: r.phone, gender: '' });
      await repo.decide(tx, id, by, 'approved', '', userId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new BizError('登录账号已被使用，无法通过，请拒绝该申请');
    throw err;
  }
}

export async function reject(db: Db, schoolId: number, by: number, id: number, reason: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const r = await repo.pendingRequest(tx, schoolId, id);
    if (!r) throw new BizError('注册申请不存在', 404);
    if (r.status !== 'pending') throw new BizError('该注册申请已处理');
    await repo.decide(tx, id, by, 'rejected', reason, null);
  });
}
