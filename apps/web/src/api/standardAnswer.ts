import { http } from '@/utils/request';
import type { ImportResult } from '@jz/shared/api/excel';

// Types mirror packages/shared/src/api/standard-answer.ts (types only: the zod schemas stay out of the bundle).
export type { AnswerInput, AnswerQuestion, AnswerSheet, AnswerStats, KeyChangePreview, KnowledgeSheet, SaveAnswersResult } from '@jz/shared/api/standard-answer';
import type { AnswerInput, AnswerSheet, KnowledgeSheet, SaveAnswersResult } from '@jz/shared/api/standard-answer';

/** 查询考试科目的标准答案（含作答统计） */
export const findAnswers = (examSubjectId: number) => http.get<AnswerSheet>('/standard_answer/find_answers', { examSubjectId });
/** 保存标准答案并重新计算客观题得分（已发布的考试须 confirm） */
export const finishedEnterAnswer = (examSubjectId: number, answers: AnswerInput[], confirm = false) =>
  http.post<SaveAnswersResult>(`/standard_answer/${examSubjectId}/finished_enter_answer`, { answers, confirm });
/** 查询每题的知识点 */
export const findKnowledge = (examSubjectId: number) => http.get<KnowledgeSheet>('/standard_answer/find_knowledge', { examSubjectId });
/** 保存小题的知识点 */
export const saveKnowledge = (examSubjectId: number, items: { questionId: number; knowledgePoints: string[] }[]) =>
  http.post<KnowledgeSheet>('/standard_answer/save_knowledge', { examSubjectId, items });
/** 导出标准答案（xlsx） */
export const exportAnswers = (examSubjectId: number) => http.download('/standardAnswerExport', { examSubjectId }, 'POST');
/** 导入标准答案（xlsx；已发布的考试须 confirm） */
export const importAnswers = (examSubjectId: number, file: File, confirm = false) =>
  http.upload<ImportResult>(`/standardAnswerImport?examSubjectId=${examSubjectId}${confirm ? '&confirm=true' : ''}`, file);
/** 导出知识点（xlsx） */
export const exportKnowledge = (examSubjectId: number) => http.download('/knowledgePointssExport', { examSubjectId }, 'POST');
/** 导入知识点（xlsx） */
export const importKnowledge = (examSubjectId: number, file: File) => http.upload<ImportResult>(`/knowledgePointssImport?examSubjectId=${examSubjectId}`, file);
