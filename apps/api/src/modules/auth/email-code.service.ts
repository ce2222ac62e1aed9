import type { AppContext } from '../../core/context.js';
import { BizError } from '../../core/http.js';
import { newNumericCode, newToken, sha256 } from '../../core/crypto.js';
import { blockedSeconds, clearEvents, dbLater, minutesText, recordEvent } from './rate-limit.js';
import * as repo from './auth.repository.js';

export type CodePurpose = 'bind' | 'login' | 'reset';

const PURPOSE_NAMES: Record<CodePurpose, string> = { bind: '绑定邮箱', login: '邮箱登录', reset: '重置密码' };

/** Codes a client address may request per rate window (all purposes together). */
export const EMAIL_SENDS_PER_ADDRESS = 10;
/** Codes one mailbox may receive per rate window (all purposes together). */
export const EMAIL_SENDS_PER_MAILBOX = 10;
/** Wrong codes accepted per mailbox and purpose before a new code must be requested. */
export const CODE_FAILS_ALLOWED = 5;

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Trimmed, lower-cased email; docs/PRODUCT.md §5: empty → 请输入邮箱号, bad pattern → 该邮箱不存在. */
export function normalizeEmail(raw: string | undefined | null): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!email) throw new BizError('请输入邮箱号');
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) throw new BizError('该邮箱不存在');
  return email;
}

const codeHash = (purpose: string, email: string, code: string) => sha256(`${purpose}:${email}:${code}`);

/**
 * Sends a 6-digit code. Refused while the previous code of the same mailbox and purpose is younger than
 * emailResendMs (请N秒后再试), and beyond EMAIL_SENDS_PER_ADDRESS / EMAIL_SENDS_PER_MAILBOX per rate window.
 * `deliver: false` runs the same checks and counters but sends nothing (an unknown mailbox for login/reset:
 * the answer must not tell whether the mailbox has an account). Returns the seconds until the next send.
 */
export async function issueEmailCode(ctx: AppContext, opts: { email: string; purpose: CodePurpose; userId: number | null; ip: string; deliver: boolean }): Promise<number> {
  const { db, config } = ctx;
  const { email, purpose } = opts;
  const resendKey = `mail:${purpose}:${email}`;
  const wait = await blockedSeconds(db, resendKey, 1, config.emailResendMs);
  if (wait > 0) throw new BizError(`验证码已发送，请${wait}秒后再试`, 429, { resendAfterSeconds: wait });
  const ipKey = `mail:ip:${opts.ip}`;
  const ipWait = await blockedSeconds(db, ipKey, EMAIL_SENDS_PER_ADDRESS, config.rateWindowMs);
  if (ipWait > 0) throw new BizError(`获取验证码过于频繁，请${minutesText(ipWait)}后再试`, 429);
  const boxKey = `mail:to:${email}`;
  const boxWait = await blockedSeconds(db, boxKey, EMAIL_SENDS_PER_MAILBOX, config.rateWindowMs);
  if (boxWait > 0) throw new BizError(`该邮箱获取验证码过于频繁，请${minutesText(boxWait)}后再试`, 429);

  await recordEvent(db, resendKey, config.emailResendMs);
  await recordEvent(db, ipKey, config.rateWindowMs);
  await recordEvent(db, boxKey, config.rateWindowMs);
  if (!opts.deliver) return Math.ceil(config.emailResendMs / 1000);

  const code = newNumericCode();
  const id = await db.transaction().execute(async (tx) => {
    // Only the newest code of a mailbox and purpose is valid.
    await repo.retireCodes(tx, email, purpose);
    return repo.insertCode(tx, {
      email, purpose, user_id: opts.userId, code_hash: codeHash(purpose, email, code), expires_at: dbLater(config.emailCodeTtlMs),
    });
  });
  await clearEvents(db, `code:fail:${purpose}:${email}`);
  const minutes = Math.round(config.emailCodeTtlMs / 60000);
  try {
    await ctx.mailer.send({
      to: email,
      secret: true,
      subject: `【大数据精准教学诊断平台】${PURPOSE_NAMES[purpose]}验证码`,
      text: `您正在进行${PURPOSE_NAMES[purpose]}操作，验证码为：${code}，${minutes}分钟内有效。如非本人操作，请忽略本邮件。`,
    });
  } catch {
    await repo.markCodeUsed(db, id);
    await clearEvents(db, resendKey);
    throw new BizError('邮件发送失败，请稍后重试', 503);
  }
  return Math.ceil(config.emailResendMs / 1000);
}

/**
 * Checks and consumes the newest unused, unexpired code of a mailbox and purpose. Wrong codes are counted:
 * after CODE_FAILS_ALLOWED a new code must be requested. Returns the user id stored with the code.
 */
export async function consumeEmailCode(ctx: AppContext, email: string, purpose: CodePurpose | 'reset_ticket', rawCode: string | undefined): Promise<{ userId: number | null }> {
  const { db, config } = ctx;
  const code = (rawCode ?? '').trim();
  if (!code) throw new BizError(purpose === 'reset_ticket' ? '重置凭证无效，请重新验证' : '请输入验证码');
  const failKey = `code:fail:${purpose}:${email}`;
  if (await blockedSeconds(db, failKey, CODE_FAILS_ALLOWED, config.emailCodeTtlMs) > 0) {
    throw new BizError('验证码错误次数过多，请重新获取验证码');
  }
  const row = await repo.newestCode(db, email, purpose);
  if (!row || row.code_hash !== codeHash(purpose, email, code)) {
    await recordEvent(db, failKey, config.emailCodeTtlMs);
    throw new BizError(purpose === 'reset_ticket' ? '重置凭证无效或已过期，请重新验证' : '验证码错误或已过期');
  }
  const used = await repo.consumeCode(db, row.id);
  if (!used) throw new BizError('验证码已使用，请重新获取');
  await clearEvents(db, failKey);
  return { userId: row.user_id };
}

/** A one-time ticket that proves the mailbox for a password reset (after teach/user/checkEmailCode). */
export async function issueResetTicket(ctx: AppContext, email: string, userId: number): Promise<string> {
  const ticket = newToken();
  await repo.insertCode(ctx.db, {
    email, purpose: 'reset_ticket', user_id: userId, code_hash: codeHash('reset_ticket', email, ticket), expires_at: dbLater(ctx.config.emailCodeTtlMs),
  });
  return ticket;
}
