import { z } from 'zod';
import { id, trimmed } from './common.js';
import { encryptedPassword } from './auth.js';

/**
 * Teacher sign-up (teach_login/sign_up): a teacher registers with the school's registration code; the account is
 * made when the school approves the request. The school turns sign-up on and off and may change its code.
 */
export const signUpBody = z.object({
  registrationCode: trimmed().min(1, '请输入学校注册码').max(32, '注册码不正确'),
  loginId: trimmed().regex(/^[A-Za-z0-9_.@-]{3,40}$/, '登录账号为 3–40 位字母、数字或 _ . @ -'),
  name: trimmed().min(1, '请输入姓名').max(30, '姓名最多 30 个字'),
  phone: z.union([z.literal(''), trimmed().regex(/^1\d{10}$/, '手机号格式不正确')]).default(''),
  /** RSA-encrypted, as at login. */
  password: encryptedPassword,
  confirmPassword: z.string().min(1, '请再次输入密码'),
});
export type SignUpBody = z.infer<typeof signUpBody>;
export const signUpResult = z.object({ schoolName: z.string(), status: z.literal('pending') });

export const signUpSettingSchema = z.object({ enabled: z.boolean(), code: z.string() });
export type SignUpSetting = z.infer<typeof signUpSettingSchema>;
export const signUpSettingBody = z.object({ enabled: z.boolean(), /** a new code; the old one stops working */ renewCode: z.boolean().default(false) });

export const SIGN_UP_STATUS = { pending: '待审核', approved: '已通过', rejected: '已拒绝' } as const;
export const signUpRequestSchema = z.object({
  id: z.number(),
  loginId: z.string(),
  name: z.string(),
  phone: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;
export const signUpRequestsQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending') });
export const signUpDecideBody = z.object({ id, reason: z.string().trim().max(200, '理由最多 200 字').default('') });
