import { z } from 'zod';
import { GENDERS } from '../school.js';
import { roleInfo } from './auth.js';

/** pc_teacher: the school's teachers (each with an app_user login). */
import { id, trimmed } from './common.js';

export const teacherPageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  keyword: trimmed().max(50).optional(),
});

/** A teacher's duty: the same shape as a user's role with its scope. */
export const teacherDuty = roleInfo;
export const teacherRow = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  loginId: z.string(),
  phone: z.string(),
  gender: z.string(),
  email: z.string().nullable(),
  status: z.number(),
  roles: z.array(teacherDuty),
  /** e.g. 班主任（高一1班）；任课老师（高一1班语文） */
  dutySummary: z.string(),
});
export type TeacherRow = z.infer<typeof teacherRow>;
export const teacherPage = z.object({ records: z.array(teacherRow), total: z.number(), current: z.number(), size: z.number() });

export const teacherOption = z.object({ id: z.number(), userId: z.number(), name: z.string(), loginId: z.string() });

/** Creates (no id; initial password DEFAULT_RESET_PASSWORD) or updates a teacher and its login. */
export const saveTeacherBody = z.object({
  id: id.optional(),
  name: trimmed().min(1, '请输入教师姓名').max(30, '姓名最多 30 个字'),
  loginId: trimmed().regex(/^[A-Za-z0-9_.@-]{3,40}$/, '登录账号为 3–40 位字母、数字或 _ . @ -'),
  phone: z.union([z.literal(''), trimmed().regex(/^1\d{10}$/, '手机号格式不正确')]).default(''),
  gender: z.union([z.literal(''), z.enum(GENDERS)]).default(''),
});
export type SaveTeacherBody = z.infer<typeof saveTeacherBody>;
export const deleteTeachersBody = z.object({ ids: z.array(id).min(1, '请选择教师').max(500) });
