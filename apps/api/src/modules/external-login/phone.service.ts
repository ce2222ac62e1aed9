/**
 * Phone sign-in by SMS code (duanx/verify → verifSMS), password reset by phone (pwdPhone) and phone binding
 * (bind_phone_obtain_code → pc_personal/bind_phone). Codes: 6 digits, hashed, valid as long as email codes, only the
 * newest counts, 5 wrong tries kill it; resend 60 s; the same per-address and per-phone limits as email codes.
 * A login or reset code for a phone no account holds is answered alike but not sent (no account discovery).
 */
import type { AppContext } from '../../core/context.js';
import type { AuthUser } from '../../core/auth.js';
import { createSession } from '../../core/auth.js';
import { hashPassword, newNumericCode, sha256 } from '../../core/crypto.js';
import { BizError } from '../../core/http.js';
import { assertMayEnter } from '../auth/auth.service.js';
import { blockedSeconds, clearEvents, minutesText, recordEvent } from '../auth/rate-limit.js';
import { newPasswordFrom } from '../personal/personal.service.js';
import { revokeUserSessions } from '../users/users.repository.js';
import { SMS_NOT_CONFIGURED } from './external-login.config.js';
import * as repo from './external-login.repository.js';
import { sendSmsCode } from './sms.provider.js';
import * as accounts from '../users/accounts.repository.js';

type Purpose = 'bind' | 'login' | 'reset';
const SENDS_PER_WINDOW = 10;
const FAILS_ALLOWED = 5;
const codeHash = (purpose: Purpose, phone: string, code: string) => sha256(`sms:${purpose}:${phone}:${code}`);

function smsConfig(ctx: AppContext) {
  const cfg = ctx.config.externalLogin.sms;
  if (!cfg) throw new BizError(SMS_NOT_CONFIGURED, 503);
  return cfg;
}

async function issue(ctx: AppContext, opts: { phone: string; purpose: Purpose; userId: number | null; ip: string; deliver: boolean }): Promise<number> {
  const cfg = smsConfig(ctx);
  const { db, config } = ctx;
  const resendKey = `sms:${opts.purpose}:${opts.phone}`;
  const wait = await blockedSeconds(db, resendKey, 1, config.emailResendMs);
  if (wait > 0) throw new BizError(`验证码已发送，请${wait}秒后再试`, 429, { resendAfterSeconds: wait });
  for (const [key, text] of [[`sms:ip:${opts.ip}`, '获取验证码过于频繁'], [`sms:to:${opts.phone}`, '该手机号获取验证码过于频繁']] as const) {
    const w = await blockedSeconds(db, key, SENDS_PER_WINDOW, config.rateWindowMs);
    if (w > 0) throw new BizError(`${text}，请${minutesText(w)}后再试`, 429);
  }
  await recordEvent(db, resendKey, config.emailResendMs);
  await recordEvent(db, `sms:ip:${opts.ip}`, config.rateWindowMs);
  await recordEvent(db, `sms:to:${opts.phone}`, config.rateWindowMs);
  const seconds = Math.ceil(config.emailResendMs / 1000);
  if (!opts.deliver) return seconds;
  const code = newNumericCode();
  const id = await repo.insertPhoneCode(db, { phone: opts.phone, purpose: opts.purpose, userId: opts.userId, codeHash: codeHash(opts.purpose, opts.phone, code), ttlMs: config.emailCodeTtlMs });
  try {
    await sendSmsCode(cfg, opts.phone, code);
  } catch {
    await repo.retirePhoneCode(db, id);
    await clearEvents(db, resendKey);
    throw new BizError('短信发送失败，请稍后重试', 503);
  }
  return seconds;
}

/** Checks and uses the newest code; answers the user id stored with it. */
async function consume(ctx: AppContext, phone: string, purpose: Purpose, code: string): Promise<number | null> {
  smsConfig(ctx);
  const row = await repo.newestPhoneCode(ctx.db, phone, purpose);
  if (!row) throw new BizError('验证码错误或已过期');
  if (row.code_hash !== codeHash(purpose, phone, code)) {
    const fails = await repo.countPhoneCodeFail(ctx.db, row.id);
    if (fails >= FAILS_ALLOWED) {
      await repo.retirePhoneCode(ctx.db, row.id);
      throw new BizError('验证码错误次数过多，请重新获取验证码');
    }
    throw new BizError('验证码错误或已过期');
  }
  if (!(await repo.usePhoneCode(ctx.db, row.id))) throw new BizError('验证码已使用，请重新获取');
  return row.user_id;
}

/** duanx/verify: a login (or reset) code to a phone bound to a usable account. */
export async function sendPhoneCode(ctx: AppContext, phone: string, purpose: 'login' | 'reset', ip: string): Promise<number> {
  smsConfig(ctx);
  const u = await repo.userByBinding(ctx.db, 'phone', phone);
  const usable = !!u && u.status === 1 && u.user_type !== 'platform' && (purpose === 'reset' || u.user_type === 'teacher');
  return issue(ctx, { phone, purpose, userId: usable ? u!.id : null, ip, deliver: usable });
}

/** bind_phone_obtain_code: a code to a phone the caller wants to bind. */
export async function sendBindPhoneCode(ctx: AppContext, user: AuthUser, phone: string, ip: string): Promise<number> {
  smsConfig(ctx);
  const holder = await repo.userByBinding(ctx.db, 'phone', phone);
  if (holder && holder.id !== user.id) throw new BizError('该手机号已绑定其他账号，每个手机号仅支持绑定一个账号');
  return issue(ctx, { phone, purpose: 'bind', userId: user.id, ip, deliver: true });
}

/** verifSMS: login with the code of duanx/verify (teaching accounts). */
export async function phoneLogin(ctx: AppContext, phone: string, code: string): Promise<string> {
  const userId = await consume(ctx, phone, 'login', code);
  const u = await repo.userByBinding(ctx.db, 'phone', phone);
  if (!u || u.id !== userId) throw new BizError('验证码错误或已过期');
  assertMayEnter(u, 'teacher');
  return createSession(ctx.db, u.id, 'user', ctx.config.userTokenTtlMs);
}

/** pwdPhone: a new password with the reset code; every session of the account ends. */
export async function resetPasswordByPhone(ctx: AppContext, body: { phone: string; code: string; newPassword: string; confirmNewPassword?: string }): Promise<void> {
  const u = await repo.userByBinding(ctx.db, 'phone', body.phone);
  // The password is checked before the code is used, so a refused password does not cost the code.
  const plain = newPasswordFrom(ctx, body.newPassword, u?.login_id ?? '');
  if (body.confirmNewPassword && ctx.cipher.decrypt(body.confirmNewPassword).trim() !== plain) throw new BizError('两次输入密码不一致');
  const userId = await consume(ctx, body.phone, 'reset', body.code);
  if (!u || u.id !== userId) throw new BizError('验证码错误或已过期');
  const hash = await hashPassword(plain);
  await ctx.db.transaction().execute(async (tx) => {
    // The owner chose this password: a pending forced change is done.
    await accounts.setPassword(tx, [u.id], hash, false);
    await revokeUserSessions(tx, [u.id]);
  });
}

/** pc_personal/bind_phone: binds the phone proven by its code to the caller. */
export async function bindPhone(ctx: AppContext, user: AuthUser, phone: string, code: string): Promise<void> {
  const userId = await consume(ctx, phone, 'bind', code);
  if (userId !== user.id) throw new BizError('验证码错误或已过期');
  const ok = await ctx.db.transaction().execute((tx) => repo.bindValue(tx, user.id, 'phone', phone));
  if (!ok) throw new BizError('该手机号已绑定其他账号，每个手机号仅支持绑定一个账号');
}
