/** 校本题库 imports and exports: a .docx paper (preview, then confirm) and questions in Excel. */
import { z } from 'zod';
import { questionTypeSchema } from './exam.js';
import { listQuery } from './question-bank.js';

export const BANK_IMPORT_PATHS = {
  docxPreview: 'question_bank/docx_preview',
  docxConfirm: 'question_bank/docx_import',
  image: 'question_bank/image',
  excelTemplate: 'question_bank/question_template',
  excelImport: 'question_bank/question_import',
  excelExport: 'question_bank/question_export',
} as const;

const courseCode = z.string().trim().min(1, '请选择学科').max(20, '学科不能超过20个字符');
export const docxPreviewQuery = z.object({ courseCode });
export const docxConfirmQuery = z.object({ courseCode, digest: z.string().regex(/^[0-9a-f]{64}$/, '请先预览试卷') });

export const paperQuestionSchema = z.object({
  no: z.number(),
  section: z.string(),
  type: questionTypeSchema,
  stem: z.string(),
  options: z.array(z.object({ label: z.string(), content: z.string() })),
  answer: z.string(),
  analysis: z.string(),
});
export type PaperQuestionOut = z.infer<typeof paperQuestionSchema>;
export const docxPreviewSchema = z.object({ digest: z.string(), questions: z.array(paperQuestionSchema) });
export type DocxPreview = z.infer<typeof docxPreviewSchema>;
export const docxImportSchema = z.object({ created: z.number(), ids: z.array(z.number()) });

/** The list's filters without paging: the export takes every matching question. */
export const exportQuestionsQuery = listQuery.omit({ current: true, size: true });
