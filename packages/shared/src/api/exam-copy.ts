/**
 * 复制考试设置 (/copeSettiing; exam_manage/synchronize_preview and synchronize_exam, beside the spec's
 * querySynchronizeExam): one exam's set-up copied onto another exam of the same school — its analysis settings, and
 * per subject its questions with keys, 少选 rules, question groups and knowledge points. A preview says what will
 * change and what is refused and why; the copy is one transaction.
 */
import { z } from 'zod';
import { id } from './common.js';

export const COPY_PARTS = ['settings', 'questions'] as const;
export type CopyPart = (typeof COPY_PARTS)[number];
export const COPY_PART_NAMES: Record<CopyPart, string> = { settings: '分析设置', questions: '小题与答案' };

export const copyExamBody = z.object({
  fromExamId: id,
  toExamId: id,
  parts: z.array(z.enum(COPY_PARTS, '未知的复制内容')).min(1, '请至少选择一项复制内容').max(COPY_PARTS.length),
});
export type CopyExamBody = z.infer<typeof copyExamBody>;

/** copy: the target's value changes; same: it equals the source already; skip: refused (reason). */
export const copyActionSchema = z.enum(['copy', 'same', 'skip']);
export type CopyAction = z.infer<typeof copyActionSchema>;

export const copyPreviewSchema = z.object({
  fromExam: z.object({ id: z.number(), name: z.string(), gradeName: z.string() }),
  toExam: z.object({ id: z.number(), name: z.string(), gradeName: z.string(), released: z.boolean() }),
  settings: z.array(z.object({
    family: z.string(),
    familyName: z.string(),
    /** null = the whole exam; else the subject whose own value it is. */
    courseCode: z.string().nullable(),
    courseName: z.string().nullable(),
    action: copyActionSchema,
    from: z.string(),
    to: z.string(),
    reason: z.string().nullable(),
  })),
  subjects: z.array(z.object({
    courseCode: z.string(),
    courseName: z.string(),
    action: copyActionSchema,
    /** Questions of the source subject (what the target will hold). */
    questions: z.number(),
    targetQuestions: z.number(),
    reason: z.string().nullable(),
  })),
  /** Items that would change. */
  changes: z.number(),
});
export type CopyPreview = z.infer<typeof copyPreviewSchema>;
