/**
 * Request/response schemas of exam management: exam_manage (exams and their subjects), exam_student
 * (考场/座号/考号), question_template (小题设置) and question_group (题组).
 */
import { z } from 'zod';
import { dateStr, id, trimmed } from './common.js';
const optId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
/** Scores: at most two decimals, up to 1000. */
const scoreNum = z.number().min(0).max(1000);

/** Exam step states (exam list cards, 1–4). */
export const EXAM_STATUSES = [
  { value: 1, label: '考试设置' },
  { value: 2, label: '成绩录入' },
  { value: 3, label: '待发布' },
  { value: 4, label: '已发布' },
] as const;

export const examModeSchema = z.enum(['single', 'multi', 'joint']);
export type ExamMode = z.infer<typeof examModeSchema>;

// ---------------------------------------------------------------- exam_manage

export const findExamQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  name: trimmed().max(100).optional(),
  examType: optId,
  gradeId: optId,
  status: optId,
});
export type FindExamQuery = z.infer<typeof findExamQuery>;

export const examSubjectSchema = z.object({
  id: z.number(),
  courseCode: z.string(),
  courseName: z.string(),
  fullScore: z.number(),
  examDate: z.string().nullable(),
  flowStatus: z.string(),
  /** Questions set (real questions; a totals-only subject has 0 and hasTotalsOnly). */
  questionCount: z.number(),
  questionFullScore: z.number(),
  totalsOnly: z.boolean(),
  /** Students with scores or marked absent in this subject. */
  scoredCount: z.number(),
  absentCount: z.number(),
  /** Scanning (spec §3): students 未扫, 缺考, 异常 and 上传成功 in this subject (see @jz/shared/api/scan). */
  noScanCount: z.number(),
  missExamCount: z.number(),
  abnormalCount: z.number(),
  uploadCount: z.number(),
  /** Which card the subject's sheets are read with (spec §3 usedCardType): USED_CARD_TYPES. */
  usedCardType: z.number(),
  usedCardTypeName: z.string(),
  /** The caller may open the subject's 扫描管理 (its 扫描员, or exam:scan:do as administrator, grade or lesson leader). */
  canScan: z.boolean(),
});
export type ExamSubject = z.infer<typeof examSubjectSchema>;

/** myExamCourse/school-exam-course-relation-infos/{examSubjectId}: the subject as exam_manage/find_exam lists it, with its exam. */
export const examSubjectRelationSchema = examSubjectSchema.extend({
  examId: z.number(), examName: z.string(), examType: z.number(), gradeId: z.number(), gradeName: z.string(), examStatus: z.number(),
});

/**
 * usedCardType (docs/DECISIONS.md「usedCardType」): 2 第三方答题卡 when a third-party template is confirmed
 * (templateConfirm; scanning reads with it first), else 1 本平台答题卡 when the subject's card is saved or sheets were
 * scanned with the platform's card, else 0 未设置.
 */
export const USED_CARD_TYPES = [
  { value: 0, label: '未设置' },
  { value: 1, label: '本平台答题卡' },
  { value: 2, label: '第三方答题卡' },
] as const;
export const usedCardTypeLabel = (v: number): string => USED_CARD_TYPES.find((t) => t.value === v)?.label ?? '未设置';

export const examSchema = z.object({
  id: z.number(),
  name: z.string(),
  examType: z.number(),
  examTypeName: z.string(),
  gradeId: z.number(),
  gradeName: z.string(),
  semesterId: z.number().nullable(),
  mode: examModeSchema,
  startDate: z.string(),
  endDate: z.string(),
  /** 1 考试设置 (questions not yet set for every subject), 2 成绩录入, 3 待发布 (every subject scored), 4 已发布. */
  status: z.number(),
  statusName: z.string(),
  /** 0–100: status 1 share of subjects with questions; 2–3 share of subjects with scores; 4 release progress. */
  progress: z.number(),
  referenceExamId: z.number().nullable(),
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
  studentCount: z.number(),
  classCount: z.number(),
  subjects: z.array(examSubjectSchema),
});
export type Exam = z.infer<typeof examSchema>;

export const examPageSchema = z.object({
  records: z.array(examSchema),
  total: z.number(),
  current: z.number(),
  size: z.number(),
});

export const subjectInputSchema = z.object({
  courseCode: trimmed().min(1).max(20),
  fullScore: scoreNum.positive('满分须大于 0'),
  examDate: dateStr.nullish(),
});

/** POST add_single_exam (exactly one subject) / add_multipart_exam (one or more). */
export const addExamBody = z.object({
  name: trimmed().min(1, '请输入考试名称').max(100),
  examType: z.number().int().min(1).max(6),
  gradeId: id,
  semesterId: id.nullish(),
  startDate: dateStr,
  endDate: dateStr,
  subjects: z.array(subjectInputSchema).min(1, '请至少选择一个科目').max(20),
  /** Exam students are every active student of these classes (考号 = 学号, seats numbered per class). */
  classIds: z.array(id).min(1, '请至少选择一个班级').max(200),
  referenceExamId: id.nullish(),
});
export type AddExamBody = z.infer<typeof addExamBody>;

export const idBody = z.object({ id });

/** POST copy_subject: copies the question set-up (questions, groups, keys, knowledge points) of one exam subject to another. */
export const copySubjectBody = z.object({ fromExamSubjectId: id, toExamSubjectId: id });
/** POST transfer_subject: moves an exam subject without scores to another unreleased exam of the same grade. */
export const transferSubjectBody = z.object({ examSubjectId: id, targetExamId: id });

export const examIdQuery = z.object({ examId: id });

/** POST set_reference_exam (benchMarkExamPaper): the exam this one is compared with for progress; null clears it. */
export const setReferenceBody = z.object({ examId: id, referenceExamId: id.nullable() });

export const examSchoolSchema = z.array(z.object({
  schoolId: z.number(),
  schoolName: z.string(),
  studentCount: z.number(),
  classCount: z.number(),
}));

// ---------------------------------------------------------------- exam_student

export const findExamStudentQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  examId: id,
  classId: optId,
  room: trimmed().max(50).optional(),
  /** Name or 考号, substring. */
  keyword: trimmed().max(50).optional(),
});

export const examStudentSchema = z.object({
  id: z.number(),
  studentId: z.number(),
  name: z.string(),
  admissionNo: z.string(),
  examNo: z.string(),
  classId: z.number(),
  className: z.string(),
  room: z.string(),
  seat: z.number().nullable(),
  registrationType: z.string(),
});
export type ExamStudent = z.infer<typeof examStudentSchema>;
export const examStudentPageSchema = z.object({
  records: z.array(examStudentSchema), total: z.number(), current: z.number(), size: z.number(),
});

export const updateExamStudentBody = z.object({
  id,
  examNo: trimmed().min(1, '考号不能为空').max(32).regex(/^[0-9A-Za-z-]+$/, '考号只能包含字母、数字和 -').optional(),
  room: trimmed().max(50).optional(),
  seat: z.number().int().min(1).max(10000).nullish(),
});

export const arrangeRoomsBody = z.object({
  examId: id,
  perRoom: z.number().int().min(1).max(200),
  /** Room names are 第1考场, 第2考场… unless a prefix is given (prefix + number). */
  prefix: trimmed().max(20).optional(),
});
export const arrangeRoomsResult = z.object({ rooms: z.number(), students: z.number() });

// ---------------------------------------------------------------- question_template / question_group

export const questionTypeSchema = z.enum(['single', 'multiple', 'judge', 'fill', 'subjective']);
export type QuestionType = z.infer<typeof questionTypeSchema>;
export const QUESTION_TYPE_NAMES: Record<QuestionType, string> = {
  single: '单选题', multiple: '多选题', judge: '判断题', fill: '填空题', subjective: '解答题',
};
export const OBJECTIVE_TYPES: QuestionType[] = ['single', 'multiple', 'judge'];

export const subjectQuery = z.object({ examSubjectId: id });

export const questionInputSchema = z.object({
  /** Display number, e.g. 1, 13(1). */
  no: trimmed().min(1, '题号不能为空').max(20),
  parentNo: trimmed().max(20).nullish(),
  type: questionTypeSchema,
  fullScore: scoreNum,
  step: z.number().positive().max(100).default(1),
  /** Key: single A–H; multiple letters A–H (e.g. ACD); judge T/F (对/错, √/× accepted). Free text for fill/subjective. */
  answer: trimmed().max(500).nullish(),
  /** Multiple choice: points for a correct but incomplete answer; null = half the full score. A wrong option = 0. */
  partialScore: z.number().min(0).max(1000).nullish(),
  /** Multiple choice (选对一项得分): points per key option chosen of a correct but incomplete answer; replaces partialScore. */
  optionScore: z.number().gt(0, '选对一项得分须大于 0').max(1000).nullish(),
  groupName: trimmed().max(50).nullish(),
  knowledgePoints: z.array(trimmed().min(1).max(100)).max(50).default([]),
  /** 选做题组: questions with the same label are alternatives (e.g. 22/23 选做一题); null = not elective. */
  electiveGroup: trimmed().max(20, '选做题组名称最多 20 个字').nullish(),
  /** How many of the group a student answers (K, default 1). */
  electivePick: z.number().int('选做题数须为整数').min(1, '选做题数至少为 1').max(5, '选做题数最多为 5').nullish(),
});
export type QuestionInput = z.infer<typeof questionInputSchema>;

export const saveQuestionsBody = z.object({
  examSubjectId: id,
  questions: z.array(questionInputSchema).min(1, '请至少设置一道题').max(500),
  /** Confirms that a structural change (numbers, types, full scores, steps) may remove the subject's scores. */
  clearScores: z.boolean().default(false),
});

export const questionSchema = z.object({
  id: z.number(),
  no: z.string(),
  parentNo: z.string().nullable(),
  sort: z.number(),
  type: questionTypeSchema,
  fullScore: z.number(),
  step: z.number(),
  answer: z.string().nullable(),
  partialScore: z.number().nullable(),
  optionScore: z.number().nullable(),
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  knowledgePoints: z.array(z.string()),
  electiveGroup: z.string().nullable(),
  electivePick: z.number().nullable(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionTemplateSchema = z.object({
  examId: z.number(),
  examSubjectId: z.number(),
  courseCode: z.string(),
  courseName: z.string(),
  subjectFullScore: z.number(),
  questionFullScore: z.number(),
  editable: z.boolean(),
  questions: z.array(questionSchema),
  groups: z.array(z.object({ id: z.number(), name: z.string(), questionIds: z.array(z.number()) })),
  /** 选做题组: name, K, question numbers, the full score of each. */
  electiveGroups: z.array(z.object({ name: z.string(), pick: z.number(), nos: z.array(z.string()), fullScore: z.number() })),
});
export type QuestionTemplate = z.infer<typeof questionTemplateSchema>;

export const saveKnowledgeBody = z.object({
  examSubjectId: id,
  items: z.array(z.object({ questionId: id, knowledgePoints: z.array(trimmed().min(1).max(100)).max(50) })).min(1).max(500),
});

export const saveGroupBody = z.object({
  examSubjectId: id,
  /** Absent = create. */
  id: id.optional(),
  name: trimmed().min(1, '请输入题组名称').max(50),
  /** The group's questions (a question belongs to one group: it leaves its former group). */
  questionIds: z.array(id).max(500).default([]),
});
export const questionGroupSchema = z.object({ id: z.number(), name: z.string(), sort: z.number(), questionIds: z.array(z.number()), questionNos: z.array(z.string()) });
export const questionGroupListSchema = z.array(questionGroupSchema);
