import { z } from 'zod';
import { REGISTRATION_TYPES } from '../school.js';
import { studentFields } from './school-class.js';

/** pc_student: the school's students. */
import { id, trimmed } from './common.js';

export const studentPageQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  keyword: trimmed().max(50).optional(),
  gradeId: id.optional(),
  classId: id.optional(),
  registrationType: z.enum(REGISTRATION_TYPES).optional(),
});
export type StudentPageQuery = z.infer<typeof studentPageQuery>;

export const studentRow = z.object({
  id: z.number(),
  name: z.string(),
  admissionNo: z.string(),
  gender: z.string(),
  registrationType: z.string(),
  classId: z.number().nullable(),
  className: z.string().nullable(),
  gradeId: z.number().nullable(),
  gradeName: z.string().nullable(),
  loginId: z.string().nullable(),
});
export type StudentRow = z.infer<typeof studentRow>;

export const studentPage = z.object({ records: z.array(studentRow), total: z.number(), current: z.number(), size: z.number() });

export const registrationTypeOption = z.object({ value: z.string(), label: z.string() });

export const deleteStudentsBody = z.object({ ids: z.array(id).min(1, '请选择学生').max(1000) });
/** Updates a student; classId moves it to another class of the school. */
export const updateStudentBody = z.object({ id, classId: id, ...studentFields });
