/** Request/response schemas of the Excel import/export calls (pc_excel, pc_tch_course_excel). */
import { z } from 'zod';
import { id } from './common.js';

/** One bad cell of an import: row = Excel row number (header is row 1), column = its Excel column letter (B, AA…). */
export const importErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  reason: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** data of a refused import (code 400): every bad row, nothing was written. */
export const importRefusalSchema = z.object({ errors: z.array(importErrorSchema) });
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/** data of a successful import: rows created, rows updated, rows already present (relations only). */
export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** data of every import answer: the counts on success, the errors on refusal, null for other refusals. */
export const importAnswerSchema = z.union([importResultSchema, importRefusalSchema]).nullable();

/** GET pc_excel/export_class_stu1: a class, a grade, or (without both) every visible class. */
export const exportStudentsQuery = z.object({
  gradeId: id.optional(),
  classId: id.optional(),
});
export type ExportStudentsQuery = z.infer<typeof exportStudentsQuery>;

/** GET pc_tch_course_excel/export_tch_course: one grade, or all visible grades. */
export const exportTchCourseQuery = z.object({
  gradeId: id.optional(),
});
export type ExportTchCourseQuery = z.infer<typeof exportTchCourseQuery>;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
