import { http } from '@/utils/request';

// Types mirror packages/shared/src/api/question-bank-out.ts (types only: the zod schemas stay out of the bundle).
export type { Assembled, Mastery, SavedPaper, WrongBook } from '@jz/shared/api/question-bank-out';
import type { Assembled, Mastery, SavedPaper, WrongBook } from '@jz/shared/api/question-bank-out';

export interface PaperPart { type: string; count: number; score: number }
export interface PaperItem { questionId: number; score: number; section?: string }
export interface SavedPaperRow { id: number; title: string; questions: number; totalScore: number; updatedAt: string }

/** 从考试加入题库 */
export const addFromExam = (examId: number, courseCode: string) =>
  http.post<{ added: number; updated: number; pointsCreated: number }>('/question_bank/add_from_exam', { examId, courseCode });
/** 知识点掌握 */
export const findMastery = (examId: number, courseCode: string) => http.get<Mastery>('/question_bank/mastery', { examId, courseCode });
/** 组卷 */
export const assemblePaper = (body: { courseCode: string; pointIds: number[]; targetDifficulty: number; parts: PaperPart[] }) =>
  http.post<Assembled>('/question_bank/paper_assemble', body);
/** 组卷导出 Word */
export const exportPaperDocx = (body: { courseCode: string; title: string; items: PaperItem[] }) => http.download('/question_bank/paper_export_docx', body, 'POST');
/** 组卷写入考试科目（答题卡据此生成） */
export const paperToExam = (examSubjectId: number, items: PaperItem[]) =>
  http.post<{ examSubjectId: number; questions: number; fullScore: number }>('/question_bank/paper_to_exam', { examSubjectId, items });
/** 保存试卷（顺序、分值、大题标题） */
export const savePaper = (body: { id?: number; courseCode: string; title: string; items: PaperItem[] }) => http.post<{ id: number }>('/question_bank/paper_save', body);
/** 已保存的试卷 */
export const findPapers = (courseCode: string) => http.get<SavedPaperRow[]>('/question_bank/paper_list', { courseCode });
/** 打开已保存的试卷 */
export const findPaper = (id: number) => http.get<SavedPaper>('/question_bank/paper_detail', { id });
/** 错题本 */
export const findWrongBook = (q: { examId: number; courseCode: string; classId: number; threshold: number }) => http.get<WrongBook>('/question_bank/wrong_book', q);
/** 导出错题本（xlsx） */
export const exportWrongBook = (q: { examId: number; courseCode: string; classId: number; threshold: number }) => http.download('/question_bank/wrong_book_export', q);
