import { z } from 'zod';
import { id, trimmed } from './common.js';

/** Schemas of /api/v1/teach/user/* (user management page /userInfo/userManagement, email binding, reset by email). */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const userPageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  /** Matches login id, name, email or phone. */
  keyword: z.preprocess(blankToUndefined, trimmed().optional()),
  roleCode: z.preprocess(blankToUndefined, z.string().optional()),
  status: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1).optional()),
  userType: z.preprocess(blankToUndefined, z.enum(['teacher', 'student']).optional()),
  /** 1 = 临时用户 (holds a temporary role, e.g. a temporary subject leader), 0 = 系统用户 (all others). */
  temporary: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1).optional()),
});
export type UserPageQuery = z.infer<typeof userPageQuery>;

export const userRoleSummary = z.object({
  roleCode: z.string(),
  roleName: z.string(),
  gradeName: z.string().nullable(),
  className: z.string().nullable(),
  courseName: z.string().nullable(),
  temporary: z.boolean().optional(),
});

export const userRecord = z.object({
  id: z.number(),
  loginId: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  userType: z.string(),
  status: z.number(),
  roles: z.array(userRoleSummary),
  /** e.g. "班主任(高一1班)、任课老师(高一1班 数学)". */
  roleSummary: z.string(),
  createdAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecord>;

export const userPage = z.object({ records: z.array(userRecord), total: z.number(), current: z.number(), size: z.number() });

export const LOGIN_ID_PATTERN = /^[A-Za-z0-9_.@-]{3,32}$/;

/** POST teach/user/add — password RSA-encrypted, optional (default DEFAULT_RESET_PASSWORD); schoolAdmin grants 学校管理员. */
export const addUserBody = z.object({
  loginId: trimmed().regex(LOGIN_ID_PATTERN, '账号须为3-32位字母、数字或 _ . @ -'),
  userName: trimmed().min(1, '请输入姓名').max(50),
  phone: trimmed().max(20).optional().nullable(),
  gender: trimmed().max(4).optional().nullable(),
  password: z.string().optional(),
  schoolAdmin: z.boolean().optional(),
});
export type AddUserBody = z.infer<typeof addUserBody>;

/** POST teach/user/update — email is changed only through binding/unbinding. */
export const updateUserBody = z.object({
  id: id,
  userName: trimmed().min(1, '请输入姓名').max(50),
  phone: trimmed().max(20).optional().nullable(),
  gender: trimmed().max(4).optional().nullable(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const idBody = z.object({ id: id });
export const idsBody = z.object({ ids: z.array(id).min(1, '请选择用户') });

/** POST teach/user/bindEmail */
export const bindEmailBody = z.object({ email: z.string(), code: z.string() });

/** POST teach/user/checkEmailCode → { ticket } valid emailCodeTtlMs. */
export const checkEmailCodeBody = z.object({ email: z.string(), code: z.string() });
export const resetTicket = z.object({ ticket: z.string() });

/** POST teach/user/updateEmailCodePassword — code or ticket; passwords RSA-encrypted. */
export const updateEmailCodePasswordBody = z.object({
  email: z.string(),
  code: z.string().optional(),
  ticket: z.string().optional(),
  newPassword: z.string(),
  confirmNewPassword: z.string().optional(),
});

export const countData = z.object({ count: z.number() });

/** GET teach/user/getUserByRegistrationCode/{registrationCode}: registration code = a student's admission number (学籍号) or a login id. */
export const userByRegistrationCode = z.object({
  id: z.number().nullable(),
  loginId: z.string().nullable(),
  userName: z.string(),
  userType: z.string(),
  studentId: z.number().nullable(),
  admissionNo: z.string().nullable(),
  className: z.string().nullable(),
});

export const outboxQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  email: z.preprocess(blankToUndefined, trimmed().optional()),
});
export const outboxRecord = z.object({ id: z.number(), to: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() });
export const outboxPage = z.object({ records: z.array(outboxRecord), total: z.number(), current: z.number(), size: z.number() });
