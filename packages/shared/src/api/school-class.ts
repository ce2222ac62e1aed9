import { z } from 'zod';
import { CLASS_TYPES, GENDERS, REGISTRATION_TYPES } from '../school.js';

/** pc_class: the grade → class tree and the students of a class. */
import { id, int4, trimmed } from './common.js';

export const classNode = z.object({
  id: z.number(),
  name: z.string(),
  fullName: z.string(),
  classType: z.string(),
  sort: z.number(),
  gradeId: z.number(),
  studentCount: z.number().optional(),
  headTeacherName: z.string().nullable().optional(),
});
export const gradeNode = z.object({ id: z.number(), name: z.string(), sort: z.number(), classes: z.array(classNode) });
export type ClassNode = z.infer<typeof classNode>;
export type GradeNode = z.infer<typeof gradeNode>;

export const classStudent = z.object({
  id: z.number(),
  name: z.string(),
  admissionNo: z.string(),
  gender: z.string(),
  registrationType: z.string(),
  classId: z.number().nullable(),
});
export type ClassStudent = z.infer<typeof classStudent>;

export const classIdQuery = z.object({ classId: id });

export const option = z.object({ value: z.number(), label: z.string() });
export const selectsQuery = z.object({ gradeId: id.optional() });
export const selectsResult = z.object({
  grades: z.array(option),
  classes: z.array(option.extend({ gradeId: z.number() })),
});

/** Moves a class to position `sort` (from 1) of its grade, or of `gradeId` when given. */
export const moveClassBody = z.object({ id, gradeId: id.optional(), sort: int4.min(1) });
export const batchAddBody = z.object({
  gradeId: id,
  count: z.coerce.number().int().min(1, '至少添加 1 个班级').max(30, '一次最多添加 30 个班级'),
  classType: z.enum(CLASS_TYPES).default('行政班'),
});
export const deleteClassBody = z.object({ id });
export const batchDeleteClassBody = z.object({ ids: z.array(id).min(1, '请选择班级').max(200) });
export const updateClassBody = z.object({
  id,
  name: trimmed().min(1, '请输入班级名称').max(20, '班级名称最多 20 个字'),
  classType: z.enum(CLASS_TYPES).optional(),
});

export const studentFields = {
  name: trimmed().min(1, '请输入学生姓名').max(30, '姓名最多 30 个字'),
  admissionNo: trimmed().regex(/^[0-9A-Za-z-]{1,30}$/, '学籍号只能包含数字、字母和短横线，最多 30 位'),
  gender: z.enum(GENDERS),
  registrationType: z.enum(REGISTRATION_TYPES).default('应届'),
};
/** Adds (no id) or updates a student of the class. */
export const saveClassStudentBody = z.object({ id: id.optional(), classId: id, ...studentFields });
export const removeFromClassBody = z.object({ classId: id, studentIds: z.array(id).min(1, '请选择学生').max(1000) });
