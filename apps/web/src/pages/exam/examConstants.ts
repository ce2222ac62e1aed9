/**
 * Small enumerations of the exam pages. They mirror packages/shared/src/api/exam.ts and exam-setting.ts, whose
 * modules also build zod schemas; copying the few labels keeps zod out of the web bundle.
 */
import type { QuestionType } from '@/api/exam';

/** Exam step states 1–4 of the list cards (EXAM_STATUSES in @jz/shared/api/exam). */
export const EXAM_STATUSES = [
  { value: 1, label: '考试设置' },
  { value: 2, label: '成绩录入' },
  { value: 3, label: '待发布' },
  { value: 4, label: '已发布' },
] as const;
export const STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'warning', 4: 'success' };

export const EXAM_MODE_NAMES: Record<string, string> = { single: '单科考试', multi: '多科考试', joint: '联考' };

export const QUESTION_TYPE_NAMES: Record<QuestionType, string> = {
  single: '单选题', multiple: '多选题', judge: '判断题', fill: '填空题', subjective: '解答题',
};
export const QUESTION_TYPES = Object.keys(QUESTION_TYPE_NAMES) as QuestionType[];
export const OBJECTIVE_TYPES: QuestionType[] = ['single', 'multiple', 'judge'];
export const isObjectiveType = (t: string) => (OBJECTIVE_TYPES as string[]).includes(t);

// The settings families, their names and which may be set per subject: one source, shared with the api.
export { COURSE_LEVEL_FAMILIES, SETTING_FAMILIES, SETTING_FAMILY_NAMES } from '@jz/shared/api/exam-setting';

/** Default full score of a new exam subject: 150 for 语文/数学/英语, else 100. */
export const defaultFullScore = (courseName: string) => (['语文', '数学', '英语'].includes(courseName) ? 150 : 100);

/** Two decimals at most, trailing zeros dropped. */
export const fmtScore = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '-' : String(Math.round(v * 100) / 100));
