import { http } from '@/utils/request';

// Types mirror packages/shared/src/api/multi-exam.ts (imported as types only: the zod schemas stay out of the bundle).
export type { MultiRooms, MultiSetting, MultiSummary, SummaryGroup, SummaryStudent } from '@jz/shared/api/multi-exam';
import type { MultiRooms, MultiSetting, MultiSummary } from '@jz/shared/api/multi-exam';

export interface SummaryQuery { examId: number; schoolId?: number; classId?: number; keyword?: string; current: number; size: number }

/** 多科考试设置：科目、满分、日期、是否计入总分、科目组合 */
export const findMultiSetting = (examId: number) => http.get<MultiSetting>('/multi_exam/setting', { examId });
/** 成绩汇总（各班各科录入情况与学生成绩） */
export const findMultiSummary = (q: SummaryQuery) => http.get<MultiSummary>('/multi_exam/summary', q as unknown as Record<string, unknown>);
/** 导出成绩汇总（Excel） */
export const exportMultiSummary = (q: Omit<SummaryQuery, 'current' | 'size'>) => http.download('/multi_exam/summary_export', q as unknown as Record<string, unknown>);
/** 考场列表（联考按学校） */
export const findMultiRooms = (examId: number, schoolId?: number) => http.get<MultiRooms>('/multi_exam/rooms', { examId, schoolId });
/** 导出多科考试的考生与所考科目（Excel） */
export const exportMultiStudents = (examId: number) => http.download('/exam_student_multi/export', { examId });
/** 导入考生所考科目（导出的名单填写 考 / 不考） */
export const importMultiStudents = (examId: number, file: File) => http.upload(`/exam_student_multi/import?examId=${examId}`, file);
