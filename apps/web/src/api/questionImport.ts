import { http } from '@/utils/request';
import type { ImportResult } from '@jz/shared/api/excel';
import type { DocxPreview } from '@jz/shared/api/question-import';
import type { BankFilter } from './questionBank';

export type { DocxPreview, PaperQuestionOut } from '@jz/shared/api/question-import';

const q = (s: string) => encodeURIComponent(s);

/** 导入试卷：预览（不写入） */
export const previewDocx = (courseCode: string, file: File) => http.upload<DocxPreview>(`/question_bank/docx_preview?courseCode=${q(courseCode)}`, file);
/** 导入试卷：确认写入（同一文件与预览摘要） */
export const confirmDocx = (courseCode: string, digest: string, file: File) =>
  http.upload<{ created: number; ids: number[] }>(`/question_bank/docx_import?courseCode=${q(courseCode)}&digest=${digest}`, file);
/** 导入试题（xlsx） */
export const importQuestions = (courseCode: string, file: File) => http.upload<ImportResult>(`/question_bank/question_import?courseCode=${q(courseCode)}`, file);
/** 导出试题（xlsx，按当前筛选） */
export const exportQuestions = (f: Omit<BankFilter, 'current' | 'size'>) => http.download('/question_bank/question_export', { ...f });
/** 试题导入模板 */
export const questionTemplate = () => http.download('/question_bank/question_template');
