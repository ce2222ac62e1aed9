/**
 * The student portal's reports (/studentApi/v1, student accounts only; every answer is the caller's own data):
 * GET report/list — the released exams that include the student, newest first;
 * GET report/detail?examId — her scores per subject and total, the ranks the school shows, class and grade mean /
 *   max, progress against the exam's reference exam (same subjects only) and a comment;
 * GET report/subject?examId&courseCode — each question against her class, knowledge-point mastery, answer sheets;
 * POST report/slip { examId } → a render job of her own score slip; GET report/slip/:id (state) and
 *   report/slip/:id/file (the PDF) answer only the student who created it.
 * The school decides which ranks students see (GET/POST /api/v1/systemSettingsRank/*): a hidden rank is null in
 * every answer and absent from the slip.
 */
import { z } from 'zod';

const examId = z.coerce.number({ error: '考试编号格式不正确' }).int('考试编号格式不正确').positive('考试编号格式不正确');
const num = z.number().nullable();

// ---------------------------------------------------------------- the school's setting (/api/v1)

export const studentRankSettingSchema = z.object({
  /** 学生可见班级排名 */
  showClassRank: z.boolean({ error: '请选择是否显示班级排名' }),
  /** 学生可见年级排名 */
  showGradeRank: z.boolean({ error: '请选择是否显示年级排名' }),
});
export type StudentRankSetting = z.infer<typeof studentRankSettingSchema>;

// ---------------------------------------------------------------- list

export const studentExamListSchema = z.array(z.object({
  examId: z.number(),
  examName: z.string(),
  examTypeName: z.string(),
  startDate: z.string(),
  releasedAt: z.string().nullable(),
  /** Her total (null = absent from the total). */
  totalScore: num,
  totalFullScore: num,
  subjectCount: z.number(),
}));
export type StudentExamListItem = z.infer<typeof studentExamListSchema>[number];

// ---------------------------------------------------------------- detail

export const studentExamQuery = z.object({ examId });

export const studentScoreRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  fullScore: z.number(),
  isTotal: z.boolean(),
  /** The subject has per-question scores (report/subject answers questions). */
  hasQuestions: z.boolean(),
  score: num,
  absent: z.boolean(),
  /** null when the school hides it (or absent). */
  classRank: num,
  /** Joint exam (联考): the rank inside her school (校内排名); else the grade rank. */
  gradeRank: num,
  /** Joint exam: the rank over the whole joint population (联考排名, ties share the smallest rank); absent otherwise. */
  jointRank: num.optional(),
  classMean: num,
  classMax: num,
  gradeMean: num,
  gradeMax: num,
});

export const studentProgressRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  isTotal: z.boolean(),
  score: z.number(),
  refScore: z.number(),
  /** score − refScore; null when the two full scores differ (not comparable). */
  scoreChange: num,
  classRank: num,
  refClassRank: num,
  /** refClassRank − classRank (positive = up); null when hidden or her class changed. */
  classRankChange: num,
  gradeRank: num,
  refGradeRank: num,
  /** refGradeRank − gradeRank (positive = up); null when hidden. */
  gradeRankChange: num,
});

export const studentExamDetailSchema = z.object({
  examId: z.number(),
  examName: z.string(),
  examTypeName: z.string(),
  startDate: z.string(),
  name: z.string(),
  admissionNo: z.string(),
  className: z.string(),
  /** Which ranks the school shows to students (the rank fields are null where false). */
  ranks: z.object({ classRank: z.boolean(), gradeRank: z.boolean() }),
  gradeCount: z.number(),
  classCount: z.number(),
  /** A joint exam: gradeRank / gradeCount are her school's, jointRank / jointCount the joint population's; means and maxima are joint. */
  joint: z.boolean().optional(),
  jointCount: z.number().optional(),
  rows: z.array(studentScoreRowSchema),
  /**
   * Against the exam's reference exam (参考考试): only subjects both exams have and she sat in both; the total only
   * when both totals are made of the same subjects. null when the exam has no released reference exam she sat.
   */
  progress: z.object({ referenceExamId: z.number(), referenceExamName: z.string(), rows: z.array(studentProgressRowSchema) }).nullable(),
  comment: z.string(),
});
export type StudentExamDetail = z.infer<typeof studentExamDetailSchema>;

// ---------------------------------------------------------------- her scanned answer sheets

const positiveId = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg);
export const studentSheetQuery = z.object({ examId, examSubjectId: positiveId('科目编号格式不正确') });
export const studentSheetImageQuery = z.object({ pageId: positiveId('图片编号格式不正确') });
/** Her live pages in page order; url is relative to /studentApi/v1 and wants her token (an image/jpeg). */
export const studentSheetSchema = z.array(z.object({ pageId: z.number(), pageNo: z.number().nullable(), url: z.string() }));
export type StudentSheetPage = z.infer<typeof studentSheetSchema>[number];

// ---------------------------------------------------------------- one subject

export const studentSubjectQuery = z.object({
  examId,
  courseCode: z.string({ error: '请选择科目' }).trim().min(1, '请选择科目').max(20, '科目不正确'),
});

export const studentSubjectSchema = z.object({
  examId: z.number(),
  examSubjectId: z.number(),
  code: z.string(),
  name: z.string(),
  fullScore: z.number(),
  score: num,
  absent: z.boolean(),
  questions: z.array(z.object({
    no: z.string(),
    type: z.string(),
    fullScore: z.number(),
    score: num,
    /** Mean of her class's students who sat the subject. */
    classMean: num,
    gradeMean: num,
    /** Objective questions: her marked options and the key (judge: 对 / 错). */
    choice: z.string().nullable(),
    answer: z.string().nullable(),
    knowledgePoints: z.array(z.string()),
  })),
  /** 知识点掌握: rate = Σ her points ÷ Σ full over the questions testing it; class / grade = Σ means ÷ Σ full. */
  knowledgePoints: z.array(z.object({
    name: z.string(),
    questions: z.array(z.string()),
    fullScore: z.number(),
    score: num,
    rate: num,
    classRate: num,
    gradeRate: num,
  })),
  /** Her scanned answer-sheet pages (答题卡原卷), as GET /report/sheet answers; empty when not scanned. */
  answerSheets: studentSheetSchema,
});
export type StudentSubjectReport = z.infer<typeof studentSubjectSchema>;

// ---------------------------------------------------------------- own score slip

export const studentSlipBody = z.object({ examId });
