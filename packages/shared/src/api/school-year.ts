import { z } from 'zod';

/** pc_school_year: school years (学年) and their terms (学期). Dates are YYYY-MM-DD. */
import { dateStr as date, id, trimmed } from './common.js';

export const semester = z.object({ id: z.number(), name: z.string(), startDate: z.string(), endDate: z.string(), isCurrent: z.boolean() });
export const schoolYear = z.object({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  isCurrent: z.boolean(),
  semesters: z.array(semester),
});
export type SchoolYear = z.infer<typeof schoolYear>;

export const schoolYearCode = z.object({ id: z.number(), name: z.string(), isCurrent: z.boolean() });

export const saveSemesterItem = z.object({
  id: id.optional(),
  name: trimmed().min(1, '请输入学期名称').max(20),
  startDate: date,
  endDate: date,
  isCurrent: z.boolean().default(false),
});
/** Creates (no id) or updates a year with its whole list of terms; isCurrent makes it the school's only current year. */
export const saveSchoolYearBody = z.object({
  id: id.optional(),
  name: trimmed().regex(/^\d{4}-\d{4}$/, '学年名称格式应为 2026-2027'),
  startDate: date,
  endDate: date,
  isCurrent: z.boolean().default(false),
  semesters: z.array(saveSemesterItem).min(1, '至少需要一个学期').max(4),
});
export type SaveSchoolYearBody = z.infer<typeof saveSchoolYearBody>;

export const deleteSchoolYearBody = z.object({ id: id });

/** Switches the current year (and term; default: its first term). Grades and classes are not promoted automatically. */
export const updateCurrentBody = z.object({
  id: id,
  semesterId: id.optional(),
});
