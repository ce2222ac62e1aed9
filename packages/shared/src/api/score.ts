/**
 * Score entry: grade_import (score workbooks: template download and import) and question_score (a student's
 * question scores, viewed and edited before release).
 *
 * Workbooks (row 1 = header, data from row 2):
 * - kind=question: one sheet per subject, named after the subject (语文, 数学…); columns 考号, 姓名, 班级, one
 *   column per question headed by its number (1, 2, 13(1)…), optional 缺考 (1 or 是 = absent).
 * - kind=total: one sheet 总分成绩; columns 考号, 姓名, 班级, one column per subject name.
 */
import { z } from 'zod';

import { id, trimmed } from './common.js';

export const IMPORT_FIXED_HEADERS = ['考号', '姓名', '班级'] as const;
export const ABSENT_HEADER = '缺考';
export const TOTAL_SHEET_NAME = '总分成绩';
/** The synthetic question holding a totals-only subject's score. */
export const TOTAL_QUESTION_NO = '总分';

export const templateQuery = z.object({ examId: id, kind: z.enum(['question', 'total']).default('question') });
/** Multipart upload: field `file` (xlsx); examId as query parameter or form field. */
export const importQuery = z.object({ examId: id.optional() });

export const importErrorSchema = z.object({
  sheet: z.string(),
  /** Excel row number (1 = header). */
  row: z.number(),
  /** Excel column letter (B, AA…); '' when the error is not about one column. */
  column: z.string(),
  reason: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResultSchema = z.object({
  subjects: z.array(z.object({
    courseCode: z.string(),
    courseName: z.string(),
    /** Students with scores written. */
    scored: z.number(),
    /** Students marked 缺考 (in the file, or not in the file at all). */
    absent: z.number(),
    /** Exam students absent from the file (recorded as 缺考). */
    notInFile: z.number(),
  })),
  rows: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
/** data of an import answer: the result, or on code 400 { errors }. */
export const importAnswerSchema = z.union([importResultSchema, z.object({ errors: z.array(importErrorSchema) })]);

// ---------------------------------------------------------------- question_score

export const findScoreQuery = z.object({ examId: id, examStudentId: id });

export const studentScoreSchema = z.object({
  examStudentId: z.number(),
  examId: z.number(),
  name: z.string(),
  examNo: z.string(),
  className: z.string(),
  released: z.boolean(),
  total: z.number(),
  subjects: z.array(z.object({
    examSubjectId: z.number(),
    courseCode: z.string(),
    courseName: z.string(),
    fullScore: z.number(),
    absent: z.boolean(),
    /** Sum of the question scores; null when nothing is entered. */
    score: z.number().nullable(),
    questions: z.array(z.object({
      questionId: z.number(),
      no: z.string(),
      type: z.string(),
      fullScore: z.number(),
      step: z.number(),
      answer: z.string().nullable(),
      score: z.number().nullable(),
      choice: z.string().nullable(),
    })),
  })),
});
export type StudentScore = z.infer<typeof studentScoreSchema>;

/**
 * POST question_score/update: one subject of one student. absent = true marks 缺考 (scores removed);
 * otherwise every question of the subject gets a score: the given one (score, or choice letters for an
 * objective question scored against the key), 0 for those not listed.
 */
export const updateScoreBody = z.object({
  examStudentId: id,
  examSubjectId: id,
  absent: z.boolean().default(false),
  scores: z.array(z.object({
    questionId: id,
    score: z.number().min(0).max(1000).nullish(),
    choice: trimmed().max(10).nullish(),
  })).max(500).default([]),
});
