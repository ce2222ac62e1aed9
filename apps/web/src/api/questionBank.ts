import { http } from '@/utils/request';
import type { ImportResult } from '@jz/shared/api/excel';

// Types mirror packages/shared/src/api/question-bank.ts (types only: the zod schemas stay out of the bundle).
export type { BankQuestion, KnowledgeNodeOut, SaveQuestionBody } from '@jz/shared/api/question-bank';
import type { BankQuestion, KnowledgeNodeOut, SaveQuestionBody } from '@jz/shared/api/question-bank';

export interface BankCourse { courseCode: string; courseName: string; questions: number; editable: boolean; treeEditable: boolean }
export interface BankFilter {
  courseCode: string; type?: string; pointId?: number; keyword?: string; tag?: string;
  difficultyMin?: number; difficultyMax?: number; current?: number; size?: number;
}

/** 本校学科与题量 */
export const findCourses = () => http.get<BankCourse[]>('/question_bank/courses');
/** 学科的知识点树 */
export const findTree = (courseCode: string) => http.get<{ courseCode: string; nodes: KnowledgeNodeOut[]; editable: boolean }>('/question_bank/knowledge_tree', { courseCode });
/** 新增或修改知识点 */
export const savePoint = (body: { id?: number; courseCode: string; parentId?: number | null; name: string; sort?: number }) =>
  http.post<{ id: number }>('/question_bank/save_knowledge_point', body);
/** 删除知识点及其下级 */
export const deletePoint = (id: number) => http.post<{ deleted: number }>('/question_bank/delete_knowledge_point', { id });
/** 导入知识点树（xlsx） */
export const importTree = (courseCode: string, file: File) => http.upload<ImportResult>(`/question_bank/knowledge_tree_import?courseCode=${encodeURIComponent(courseCode)}`, file);
/** 获取导入试卷中的图片（须带登录令牌） */
export const fetchBankImage = (path: string) => http.download(path);
/** 导出知识点树（xlsx） */
export const exportTree = (courseCode: string) => http.download('/question_bank/knowledge_tree_export', { courseCode });
/** 试题列表 */
export const findQuestions = (f: BankFilter) =>
  http.get<{ records: BankQuestion[]; total: number; current: number; size: number }>('/question_bank/list', { ...f });
/** 一道试题 */
export const findQuestion = (id: number) => http.get<BankQuestion>('/question_bank/detail', { id });
/** 新增或修改试题 */
export const saveQuestion = (body: Partial<SaveQuestionBody> & { courseCode: string }) => http.post<{ id: number }>('/question_bank/save', body);
/** 删除试题 */
export const deleteQuestions = (ids: number[]) => http.post<{ deleted: number }>('/question_bank/delete', { ids });
