import { z } from 'zod';
import { id } from './common.js';
import { roleInfo } from './auth.js';
import { COMMON_PASSWORDS } from '../common-passwords.js';

/**
 * Password rule (server-enforced, shown to the user): 6–32 characters, no spaces, and at least two kinds
 * among letters, digits and symbols. Demo@2026 and Jz@123456 pass; 123456 and abcdef do not.
 */
export const PASSWORD_RULE_MESSAGE = '密码须为6-32位，不含空格，且至少包含字母、数字、符号中的两种';

/** undefined when acceptable, otherwise the Chinese reason. */
export function checkPasswordStrength(pw: string): string | undefined {
  if (pw.length < 6 || pw.length > 32 || /\s/.test(pw)) return PASSWORD_RULE_MESSAGE;
  const kinds = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(pw)).length;
  return kinds >= 2 ? undefined : PASSWORD_RULE_MESSAGE;
}

export const COMMON_PASSWORD_MESSAGE = '密码过于常见，容易被猜中，请换一个';
export const LOGIN_ID_PASSWORD_MESSAGE = '密码不能与账号相同，也不能是账号倒序';

/** The weakest passwords, refused on every set or change: a common password, or the login id (also reversed), ignoring case. */
export function checkWeakPassword(pw: string, loginId: string): string | undefined {
  const lower = pw.toLowerCase();
  const id = loginId.trim().toLowerCase();
  if (id && (lower === id || lower === [...id].reverse().join(''))) return LOGIN_ID_PASSWORD_MESSAGE;
  if (COMMON_PASSWORDS.has(lower)) return COMMON_PASSWORD_MESSAGE;
  return undefined;
}

/** The rule for a new password of a school account: strength, then not common, not the login id. */
export function checkNewPassword(pw: string, loginId: string): string | undefined {
  return checkPasswordStrength(pw) ?? checkWeakPassword(pw, loginId);
}

/** POST /api/v1/pc_personal/update_password — all three RSA-encrypted. */
export const updatePasswordBody = z.object({
  oldPassword: z.string(),
  newPassword: z.string(),
  confirmNewPassword: z.string(),
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

/** POST /api/v1/pc_personal/reset_pwd — password (encrypted) optional, else DEFAULT_RESET_PASSWORD. */
export const resetPwdBody = z.object({
  userId: id,
  password: z.string().optional(),
});

/** POST /api/v1/pc_personal/enable_user — status 1 enabled, 0 disabled. */
export const enableUserBody = z.object({
  userId: id,
  status: z.coerce.number().int().min(0).max(1),
});

/** GET /api/v1/pc_personal/find_user_info */
export const userProfile = z.object({
  id: z.number(),
  username: z.string(),
  loginId: z.string(),
  userName: z.string(),
  userEmail: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  userType: z.string(),
  schoolId: z.number(),
  schoolName: z.string(),
  roleNames: z.array(z.string()),
});
export type UserProfile = z.infer<typeof userProfile>;

/** GET /api/v1/pc_personal/find_my_course_data */
export const myCourseData = z.object({
  roles: z.array(roleInfo),
  grades: z.array(z.object({ gradeId: z.number(), gradeName: z.string() })),
  classes: z.array(z.object({ classId: z.number(), className: z.string(), gradeId: z.number(), gradeName: z.string() })),
  courses: z.array(z.object({ courseCode: z.string(), courseName: z.string() })),
});
export type MyCourseData = z.infer<typeof myCourseData>;
