import { z } from 'zod';
import { encryptedPassword } from './auth.js';

/**
 * Phone (SMS code) and WeChat QR sign-in (docs/PRODUCT.md §7: duanx/verify, verifSMS, pwdPhone, bind_phone_obtain_code,
 * pc_personal/bind_phone, wechat/qrAuthorize, wechat/qrUserInfo, callBack, pc_personal/bind_wechat, un_bind_wechat).
 * Both need a provider configured by the environment; without one every call answers 未配置.
 */

/** Mainland mobile numbers: 11 digits starting with 1 (an optional +86 is dropped). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const phoneField = z.string().trim().transform((v) => v.replace(/^\+?86[-\s]?/, '').replace(/[\s-]/g, ''))
  .refine((v) => v.length > 0, '请输入手机号').refine((v) => v.length === 0 || PHONE_PATTERN.test(v), '手机号格式不正确');

export const loginOptionsData = z.object({
  /** An SMS provider is configured: phone-code login, phone binding and phone password reset work. */
  sms: z.boolean(),
  /** A WeChat Open Platform website app is configured: QR login and WeChat binding work. */
  wechat: z.boolean(),
});
export type LoginOptions = z.infer<typeof loginOptionsData>;

export const sendPhoneCodeBody = z.object({
  phone: phoneField,
  /** login (default) or reset. */
  purpose: z.enum(['login', 'reset']).default('login'),
});
export const bindPhoneCodeBody = z.object({ phone: phoneField });
export const phoneLoginBody = z.object({ phone: phoneField, code: z.string().trim().min(1, '请输入验证码').max(12) });
export const bindPhoneBody = phoneLoginBody;
export const pwdPhoneBody = z.object({
  phone: phoneField,
  code: z.string().trim().min(1, '请输入验证码').max(12),
  newPassword: encryptedPassword,
  confirmNewPassword: encryptedPassword.optional(),
});

export const qrAuthorizeQuery = z.object({ purpose: z.enum(['login', 'bind']).default('login') });
export const qrAuthorizeData = z.object({
  /** WeChat's QR page (open.weixin.qq.com/connect/qrconnect…) to open or embed. */
  url: z.string(),
  /** The state to poll with wechat/qrUserInfo. */
  state: z.string(),
  expiresInSeconds: z.number(),
});
export const qrUserInfoQuery = z.object({ state: z.string().trim().min(8).max(64) });
export const qrUserInfoData = z.object({
  /** waiting: not scanned yet; done: logged in (accessToken once) or bound; unbound: no account holds this WeChat. */
  status: z.enum(['waiting', 'done', 'unbound', 'failed', 'expired']),
  message: z.string().nullable(),
  accessToken: z.string().nullable(),
});
export const callBackQuery = z.object({ code: z.string().max(512).optional(), state: z.string().max(64).optional() });

export const bindingData = z.object({ phone: z.string().nullable(), wechat: z.boolean() });
