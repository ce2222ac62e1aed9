import { z } from 'zod';
import { USER_DUTIES } from '../roles.js';
import { id, trimmed } from './common.js';

/** Request and response schemas of the login family (/api/v1/auth, teach_login, email codes, /adminApi/v1/auth, /studentApi/v1/auth). */

/** Passwords travel RSA-OAEP (SHA-256) encrypted with the key of GET /api/v1/auth/publicKey, base64. */
export const encryptedPassword = z.string().min(1, '请输入密码');

export const loginBody = z.object({
  loginId: trimmed().min(1, '请输入账号'),
  password: encryptedPassword,
});
export type LoginBody = z.infer<typeof loginBody>;

export const tokenData = z.object({
  accessToken: z.string(),
  /** The password was set by someone else: the session may only change it (pc_personal/update_password) until then. */
  mustChangePassword: z.boolean().optional(),
});
export type TokenData = z.infer<typeof tokenData>;

export const emailLoginBody = z.object({ email: z.string(), code: z.string() });
export type EmailLoginBody = z.infer<typeof emailLoginBody>;

export const adminLoginBody = z.object({
  username: trimmed().min(1, '请输入账号'),
  password: encryptedPassword,
});
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

export const adminLoginTeachBody = z.object({ schoolTenantId: id });

export const sendBindEmailCodeBody = z.object({ email: z.string(), userId: id.optional() });
export const sendEmailCodeBody = z.object({ email: z.string() });

/** Sending a code answers the seconds before the next send is allowed. */
export const sendCodeData = z.object({ resendAfterSeconds: z.number() });

export const roleInfo = z.object({
  roleCode: z.string(),
  roleName: z.string(),
  gradeId: z.number().nullable(),
  gradeName: z.string().nullable(),
  classId: z.number().nullable(),
  className: z.string().nullable(),
  courseCode: z.string().nullable(),
  courseName: z.string().nullable(),
  /** A temporary duty (临时学科负责人). */
  temporary: z.boolean().optional(),
});
export type RoleInfo = z.infer<typeof roleInfo>;

export const menuItem = z.object({ name: z.string(), path: z.string() });

/** GET /api/v1/teach/user/getCurrentUserInfo */
export const currentUserInfo = z.object({
  id: z.number(),
  userName: z.string(),
  userEmail: z.string().nullable(),
  /** The login id. */
  username: z.string(),
  userType: z.string(),
  roles: z.array(roleInfo),
  /** Distinct role codes, first = main role (school_admin > grade_leader > lesson_leader > head_teacher > subject_teacher). */
  roleCodes: z.array(z.string()),
  roleId: z.string().nullable(),
  menus: z.array(menuItem),
  /** Permission codes held (same list twice: the spec's client stores both names). */
  buttons: z.array(z.string()),
  permissions: z.array(z.string()),
  /** Duties that open menu entries (@jz/shared roles USER_DUTIES). */
  duties: z.array(z.enum(USER_DUTIES)),
  schoolId: z.number(),
  schoolName: z.string(),
  schoolLogo: z.string().nullable(),
  /** The password was set by someone else and must be changed before anything else (code 428 until then). */
  mustChangePassword: z.boolean(),
});
export type CurrentUserInfo = z.infer<typeof currentUserInfo>;

/** GET /adminApi/v1/auth/me */
export const adminMe = z.object({
  id: z.number(),
  username: z.string(),
  userName: z.string(),
  permissions: z.array(z.string()),
});
export type AdminMe = z.infer<typeof adminMe>;

/** GET /studentApi/v1/user/info */
export const studentInfo = z.object({
  userId: z.number(),
  username: z.string(),
  studentId: z.number().nullable(),
  name: z.string(),
  admissionNo: z.string().nullable(),
  gender: z.string().nullable(),
  registrationType: z.string().nullable(),
  gradeId: z.number().nullable(),
  gradeName: z.string().nullable(),
  classId: z.number().nullable(),
  className: z.string().nullable(),
  schoolId: z.number(),
  schoolName: z.string(),
});
export type StudentInfo = z.infer<typeof studentInfo>;
