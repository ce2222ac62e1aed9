/**
 * THE report contract: score release (publish), score corrections (correction_score) and every analysis report
 * (GET under /api/v1; each report also has `<path>_export` answering an xlsx with the rows and columns of the
 * JSON), the released-exam list (exam/analysis/list) and the student portal's report (/studentApi/v1).
 *
 * Conventions of every report:
 * - Numbers come from the analysis engine computed at release (packages/analysis); the api only filters and
 *   cuts them. "—" is `null` (never NaN/Infinity): the web renders null as '—'. Shares / rates are 0..1.
 * - Filters (docs/PRODUCT.md §3 report filter, defaults §9): courseCode '0' or '' = 总分 (the total column, code TOTAL);
 *   classId 0 = 全年级; classType '' or '0' = all; registrationType '0' or '' = all (otherwise every number
 *   is the engine's result over the students of that 学籍类型 only); scoreType 1 = 原始分, 2 = 等级赋分 (the
 *   3+1+2 再选 subjects 政治/地理/化学/生物 level-assigned over the whole grade, the others raw; offered when the
 *   exam has one of them, with 学籍类型 全部 only).
 * - Cut by role on the server (docs/DOMAIN-RULES.md §1): school admin & grade leader: every class and subject of the
 *   grade; lesson leader: its course, all classes; head teacher: its classes, all subjects; subject teacher:
 *   its classes × its courses. The total (总分) column, and reports built on the total (G 组, 上线, 学生分析),
 *   need all-subject access to at least one class; otherwise 403. Asking a class or course outside the
 *   caller's scope → code 403 无权限访问. `examReportComm/filter` lists what the caller may ask.
 * - Export refusals answer the JSON envelope (content-type application/json), not a file.
 */
import { z } from 'zod';

import { id, trimmed } from './common.js';
const num = z.number().nullable();
const blankToZero = (v: unknown) => (v === undefined || v === null || v === '' ? '0' : String(v).trim());

/** The code of the total column in reports and in student_score. */
export const TOTAL_CODE = 'TOTAL';

// ================================================================ release (publish)

/** The four visible steps of the score upload page (docs/PRODUCT.md §2: four progress items). */
export const RELEASE_STEPS = [
  { step: 1, title: '校验成绩数据' },
  { step: 2, title: '计算科目成绩与总分' },
  { step: 3, title: '计算排名' },
  { step: 4, title: '生成分析报告' },
] as const;
export type ReleaseStep = 1 | 2 | 3 | 4;

export const releaseBody = z.object({ examId: id });
export const releaseProgressQuery = z.object({ examId: id });

export const releaseStateSchema = z.enum(['idle', 'running', 'done', 'failed']);
export type ReleaseState = z.infer<typeof releaseStateSchema>;

/** POST publish/release and GET publish/progress answer this (poll progress every second while running). */
export const releaseProgressSchema = z.object({
  examId: z.number(),
  /** Current step 1–4 (0 = not started). */
  step: z.number(),
  /** 0–100 over the whole release. */
  percent: z.number(),
  message: z.string(),
  state: releaseStateSchema,
  /** The failure message (Chinese) when state = failed; nothing was written then. */
  error: z.string().nullable(),
  /** The four items: wait | process | finish | error (antd Steps status). */
  steps: z.array(z.object({ step: z.number(), title: z.string(), status: z.enum(['wait', 'process', 'finish', 'error']) })),
  /** Stored report version (0 = never released). */
  version: z.number(),
  releasedAt: z.string().nullable(),
});
export type ReleaseProgress = z.infer<typeof releaseProgressSchema>;

/**
 * GET publish/check: whether the exam can be released now, checked before any confirmation (the release's first step
 * on the scores as they are; docs/DOMAIN-RULES.md §6, 成绩完整度). Per subject the students by state and its online
 * marking per block.
 */
export const releaseCheckSchema = z.object({
  examId: z.number(),
  ready: z.boolean(),
  /** What stops the release, in Chinese (empty when ready); the release refuses with the same text. */
  problems: z.array(z.string()),
  subjects: z.array(z.object({
    examSubjectId: z.number(),
    courseName: z.string(),
    /** Scores a present student needs (0: no questions set yet). */
    need: z.number(),
    /** Students: every score in (已录入), some (部分录入), none (未录入), 缺考. */
    complete: z.number(), partial: z.number(), missing: z.number(), absent: z.number(),
    /** Online marking of the subject's blocks: papers, final papers (none begun: papers 0). */
    marking: z.array(z.object({ blockId: z.number(), blockName: z.string(), papers: z.number(), finalPapers: z.number() })),
  })),
});
export type ReleaseCheck = z.infer<typeof releaseCheckSchema>;

// ================================================================ corrections (correction_score)

export const CORRECTION_STATUSES = [
  { value: 'pending', label: '待审核' },
  { value: 'approved', label: '已通过' },
  { value: 'rejected', label: '已驳回' },
] as const;
export const correctionStatusSchema = z.enum(['pending', 'approved', 'rejected']);

/** POST correction_score/apply: after release, a question score changes only through apply → approve. */
export const correctionApplyBody = z.object({
  examStudentId: id,
  questionId: id,
  newScore: z.number().min(0).max(1000),
  reason: trimmed().min(1, '请填写更正原因').max(500),
});
export const correctionFindQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  examId: id,
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), correctionStatusSchema.optional()),
});
export const correctionApproveBody = z.object({ id });
export const correctionRejectBody = z.object({ id, reason: trimmed().min(1, '请填写驳回原因').max(500) });

export const correctionSchema = z.object({
  id: z.number(),
  examId: z.number(),
  examStudentId: z.number(),
  studentName: z.string(),
  examNo: z.string(),
  classId: z.number(),
  className: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  questionId: z.number(),
  questionNo: z.string(),
  questionFullScore: z.number(),
  oldScore: z.number(),
  newScore: z.number(),
  reason: z.string(),
  status: correctionStatusSchema,
  statusName: z.string(),
  appliedBy: z.number().nullable(),
  appliedByName: z.string().nullable(),
  appliedAt: z.string(),
  /** Who approved or rejected, and when. */
  reviewedBy: z.number().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string(),
  /** May the caller approve / reject it (grade leader of the grade or school admin, while pending). */
  canReview: z.boolean(),
});
export type Correction = z.infer<typeof correctionSchema>;
export const correctionPageSchema = z.object({ records: z.array(correctionSchema), total: z.number(), current: z.number(), size: z.number() });

// ================================================================ report requests

/** Every report's filter (docs/PRODUCT.md §3 report filter state; defaults §9). */
export const reportQuery = z.object({
  examId: id,
  /** '0' or '' = 总分; otherwise an exam subject's course code. */
  courseCode: z.preprocess(blankToZero, z.string().max(20)),
  /** 0 = 全年级. */
  classId: z.coerce.number().int().min(0).default(0),
  /** '' or '0' = all class types (行政班, …). */
  classType: z.preprocess((v) => (v === undefined || v === null || v === '0' ? '' : String(v).trim()), z.string().max(20)),
  /** '0' or '' = all; else 应届 / 往届 / 借读 … */
  registrationType: z.preprocess(blankToZero, z.string().max(20)),
  /** 1 = 原始分, 2 = 等级赋分 (see LEVEL_ASSIGNED_COURSES). */
  scoreType: z.coerce.number().int().min(1).max(2).default(1),
  /**
   * A joint exam's organiser: whose classes the class rows and student lists show (0 = every school). Absent: the
   * filter's default (every school up to SCHOOL_AT_A_TIME classes, else one school). Another caller: its own or 0.
   */
  schoolId: z.coerce.number().int().min(0).optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** A joint exam of more classes than this opens its class rows on one school (a 2,000-class table is no one's view). */
export const SCHOOL_AT_A_TIME = 100;

/** 成绩类型 of the report filter. */
export const SCORE_TYPES = [{ value: 1, label: '原始分' }, { value: 2, label: '等级赋分' }] as const;
/** Subjects given 等级赋分 in the 3+1+2 model (the 再选 subjects: 化学, 生物, 政治, 地理); the others stay raw. */
export const LEVEL_ASSIGNED_COURSES: readonly string[] = ['HX', 'SW', 'ZZ', 'DL'];
/** Key of the report set's 等级赋分 variant (学籍类型 全部). */
export const LEVEL_ASSIGNED_VARIANT = 'levelAssigned';

/** Lists inside reports (transcript, comments, student lists): current from 1, size up to 10000. */
const paging = {
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(10000).default(50),
};

/** Transcript column choices (spec: transcript column choices): comma list of score, classRank, gradeRank. */
export const TRANSCRIPT_FIELDS = [
  { value: 'score', label: '成绩' },
  { value: 'classRank', label: '班级排名' },
  { value: 'gradeRank', label: '年级排名' },
] as const;
export type TranscriptField = (typeof TRANSCRIPT_FIELDS)[number]['value'];

export const transcriptQuery = reportQuery.extend({
  ...paging,
  /** Name or 考号 substring. */
  keyword: trimmed().max(50).optional(),
  /** Which values per column; default all three. */
  fields: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? ['score', 'classRank', 'gradeRank'] : String(v).split(',').map((s) => s.trim()).filter(Boolean)),
    z.array(z.enum(['score', 'classRank', 'gradeRank'])).min(1),
  ),
  /** Where 总分 stands: 'first' (default: right after the student's name, class and 学籍类型, before the subjects) or 'last'. */
  totalPosition: z.enum(['first', 'last']).default('first'),
});
export type TranscriptQuery = z.infer<typeof transcriptQuery>;

export const commentQuery = reportQuery.extend(paging);
export const studentAnalysisTypeSchema = z.enum(['progress', 'top', 'weak']);
export type StudentAnalysisType = z.infer<typeof studentAnalysisTypeSchema>;
export const studentAnalysisParams = z.object({ type: studentAnalysisTypeSchema });
export const studentAnalysisQuery = reportQuery.extend(paging);

export const analysisListQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(10),
  name: trimmed().max(100).optional(),
  gradeId: z.preprocess((v) => (v === '' || v === null || v === '0' ? undefined : v), id.optional()),
  examType: z.preprocess((v) => (v === '' || v === null || v === '0' ? undefined : v), id.optional()),
});

// ================================================================ report responses

/** Echo of the applied filter and the report version, in every report. */
export const reportMetaSchema = z.object({
  examId: z.number(),
  examName: z.string(),
  gradeName: z.string(),
  version: z.number(),
  computedAt: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  classId: z.number(),
  className: z.string(),
  classType: z.string(),
  registrationType: z.string(),
  scoreType: z.number(),
});
export type ReportMeta = z.infer<typeof reportMetaSchema>;

export const columnSchema = z.object({ code: z.string(), name: z.string(), fullScore: z.number(), isTotal: z.boolean() });
export type ReportColumn = z.infer<typeof columnSchema>;

export const rateShareSchema = z.object({
  key: z.string(),
  name: z.string(),
  thresholdScore: z.number(),
  /** true for 低分 (score < threshold). */
  below: z.boolean(),
  count: z.number(),
  share: num,
});
const summaryShape = {
  count: z.number(),
  mean: num,
  sd: num,
  max: num,
  min: num,
  median: num,
  q1: num,
  q3: num,
};
/** An absentee of the report's subjects only: `subjects` their codes, `subjectNames` the same subjects' names. */
/** Joint exam, read by the organiser: the candidate's school (absent elsewhere). */
export const schoolNameField = z.string().optional();

const absentStudentSchema = z.object({ studentId: z.string(), admissionNo: z.string(), name: z.string(), schoolName: schoolNameField, className: z.string(), subjects: z.array(z.string()), subjectNames: z.array(z.string()) });

// ---- filter
const option = <T extends z.ZodType>(value: T) => z.object({ value, label: z.string() });
export const filterSchema = z.object({
  meta: reportMetaSchema,
  /** value '0' = 总分 (present only when the caller may see the total). */
  courses: z.array(option(z.string()).extend({ fullScore: z.number() })),
  /** value 0 = 全年级 (present only when the caller sees every class); a joint exam's organiser: each class's school. */
  classes: z.array(option(z.number()).extend({ classType: z.string(), schoolId: z.number().optional() })),
  /** A joint exam's organiser: value 0 = 全部学校, then each school with candidates (reportQuery.schoolId). */
  schools: z.array(option(z.number())).optional(),
  classTypes: z.array(option(z.string())),
  /** value '0' = 全部. */
  registrationTypes: z.array(option(z.string())),
  scoreTypes: z.array(option(z.number())),
  transcriptFields: z.array(option(z.string())),
  /** The defaults the web should start from (docs/PRODUCT.md §9: course 0 = 总分, class 0 = 全年级, registration 0). */
  defaults: z.object({ courseCode: z.string(), classId: z.number(), classType: z.string(), registrationType: z.string(), scoreType: z.number(), schoolId: z.number().optional() }),
  /** Report keys (REPORT_ROUTES) the caller may open for this exam. */
  reports: z.array(z.string()),
  /** The caller may see the total column. */
  canTotal: z.boolean(),
  /** Student rules in force (docs/PRODUCT.md §3 topNumber…). */
  studentRules: z.object({ topNumber: z.number(), bottomNumber: z.number(), upNumber: z.number(), lowNumber: z.number() }),
  rateLabel: z.string(),
});
export type ReportFilter = z.infer<typeof filterSchema>;

// ---- overview (report_home/overview)
export const overviewRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  fullScore: z.number(),
  isTotal: z.boolean(),
  sat: z.number(),
  absent: z.number(),
  ...summaryShape,
  scoreRate: num,
  rates: z.array(rateShareSchema),
});
export const overviewSchema = z.object({
  meta: reportMetaSchema,
  studentCount: z.number(),
  classCount: z.number(),
  subjectCount: z.number(),
  /** Grade rows (classId 0) or the chosen class's rows; permitted columns only. */
  rows: z.array(overviewRowSchema),
  /** Students absent from at least one subject (visible classes only). */
  absentStudents: z.array(absentStudentSchema),
});
export type Overview = z.infer<typeof overviewSchema>;

// ---- transcript (examReportComm/transcript)
export const transcriptRowSchema = z.object({
  examStudentId: z.number(),
  admissionNo: z.string(),
  name: z.string(),
  schoolName: schoolNameField,
  classId: z.number(),
  className: z.string(),
  registrationType: z.string(),
  /** Per column of `columns`: score (null = 缺考), class competition rank, grade competition rank; a field not asked is []. */
  scores: z.array(num),
  classRanks: z.array(num),
  gradeRanks: z.array(num),
});
export type TranscriptRow = z.infer<typeof transcriptRowSchema>;
export const transcriptSchema = z.object({
  meta: reportMetaSchema,
  /** courseCode '0' = every permitted subject + 总分; a subject code = that column only. */
  columns: z.array(columnSchema),
  fields: z.array(z.string()),
  /** Sitting students by total rank (ties by 考号), then those absent from the total. */
  records: z.array(transcriptRowSchema),
  total: z.number(),
  current: z.number(),
  size: z.number(),
});
export type Transcript = z.infer<typeof transcriptSchema>;

// ---- score segments (horizontalDistribution / scoreSegment)
export const segmentCellSchema = z.object({ count: z.number(), cumulative: z.number() });
export const segmentTableSchema = z.object({
  code: z.string(),
  name: z.string(),
  isTotal: z.boolean(),
  width: z.number(),
  segments: z.array(z.object({ label: z.string(), lower: z.number(), upper: z.number() })),
  /** 全年级 row (everybody analysed). */
  grade: z.array(segmentCellSchema),
  classes: z.array(z.object({ classId: z.number(), className: z.string(), cells: z.array(segmentCellSchema) })),
});
export type SegmentTable = z.infer<typeof segmentTableSchema>;
/** horizontalDistribution: the chosen course (default 总分). */
export const horizontalDistributionSchema = z.object({ meta: reportMetaSchema, table: segmentTableSchema });
/** scoreSegment: courseCode '0' = every permitted column (subjects and 总分); a code = that column. */
export const scoreSegmentSchema = z.object({ meta: reportMetaSchema, tables: z.array(segmentTableSchema) });

// ---- rank segments
export const rankSegmentCountSchema = z.object({ label: z.string(), from: z.number(), to: z.number(), count: z.number(), cumulative: z.number() });
export const rankSegmentTableSchema = z.object({
  code: z.string(),
  name: z.string(),
  isTotal: z.boolean(),
  grade: z.array(rankSegmentCountSchema),
  classes: z.array(z.object({ classId: z.number(), className: z.string(), segments: z.array(rankSegmentCountSchema) })),
});
/** rankSegment: courseCode '0' = every permitted column; a code = that column. */
export const rankSegmentSchema = z.object({ meta: reportMetaSchema, tables: z.array(rankSegmentTableSchema) });

// ---- class comparison (classComparisonAnalysis/classComparison)
export const comparisonRowSchema = z.object({
  classId: z.number(),
  className: z.string(),
  ...summaryShape,
  absent: z.number(),
  scoreRate: num,
  /** 超均率 vs the grade. */
  overMeanRate: num,
  /** Rank of the class mean among all classes. */
  meanRank: num,
  rates: z.array(rateShareSchema),
});
export const classComparisonSchema = z.object({
  meta: reportMetaSchema,
  column: columnSchema,
  /** 全年级 row. */
  grade: z.object({ ...summaryShape, absent: z.number(), scoreRate: num, rates: z.array(rateShareSchema) }),
  rows: z.array(comparisonRowSchema),
});
export type ClassComparison = z.infer<typeof classComparisonSchema>;

// ---- registration comparison (classComparisonAnalysis/registrationComparison): 学籍对比, the grade's students by
// 学籍类型 (应届 / 往届 / 借读 …) with the class comparison's figures; school-wide callers only (it is not cut by class)
export const registrationComparisonSchema = classComparisonSchema.extend({
  rows: z.array(comparisonRowSchema.omit({ classId: true, className: true }).extend({ registrationType: z.string() })),
});
export type RegistrationComparison = z.infer<typeof registrationComparisonSchema>;

// ---- subject comparison / quality (courseComparisonAnalysis/*)
export const subjectComparisonSchema = z.object({
  meta: reportMetaSchema,
  columns: z.array(columnSchema.extend({ mean: num, scoreRate: num })),
  rows: z.array(z.object({
    classId: z.number(),
    className: z.string(),
    cells: z.array(z.object({ code: z.string(), mean: num, scoreRate: num, overMeanRate: num, meanRank: num })),
    /** Subject codes with the highest / lowest 超均率 (among all subjects of the exam). */
    strongest: z.string().nullable(),
    weakest: z.string().nullable(),
  })),
});
export type SubjectComparison = z.infer<typeof subjectComparisonSchema>;
export const subjectQualitySchema = z.object({
  meta: reportMetaSchema,
  /** Per permitted subject: grade (or the chosen class's) statistics and the paper's quality (grade level). */
  rows: z.array(overviewRowSchema.extend({ difficulty: num, alpha: num, kr20: num })),
});
export type SubjectQuality = z.infer<typeof subjectQualitySchema>;

// ---- G groups (report/groupG)
export const groupGSchema = z.object({
  meta: reportMetaSchema,
  /** Columns of `means` (permitted subjects and 总分). */
  columns: z.array(z.object({ code: z.string(), name: z.string() })),
  groups: z.array(z.object({ name: z.string(), size: z.number(), maxTotal: num, minTotal: num, means: z.array(num) })),
  classes: z.array(z.object({ classId: z.number(), className: z.string(), counts: z.array(z.number()), total: z.number() })),
});
export type GroupG = z.infer<typeof groupGSchema>;

// ---- quartiles (quartileAnalysis/quartile)
export const quartileCellsSchema = z.object({
  count: z.number(),
  q1: num,
  median: num,
  q3: num,
  iqr: num,
  /** Students by the grade's quartiles: [≥ Q3, [median, Q3), [Q1, median), < Q1]. */
  bands: z.array(z.number()),
});
export const quartileSchema = z.object({
  meta: reportMetaSchema,
  column: columnSchema,
  grade: quartileCellsSchema,
  classes: z.array(quartileCellsSchema.extend({ classId: z.number(), className: z.string() })),
});

// ---- rate critical (fiveRateAnalysis/rateCritical)
const criticalCountsShape = { reached: z.number(), below: z.number(), above: z.number() };
export const rateCriticalSchema = z.object({
  meta: reportMetaSchema,
  column: columnSchema,
  /** Critical buffer in points. */
  buffer: z.number(),
  levels: z.array(z.object({
    key: z.string(),
    name: z.string(),
    thresholdScore: z.number(),
    grade: z.object(criticalCountsShape),
    classes: z.array(z.object({ classId: z.number(), className: z.string(), ...criticalCountsShape })),
    /** |score − threshold| ≤ buffer, best first (visible classes only). */
    students: z.array(z.object({ examStudentId: z.number(), name: z.string(), schoolName: schoolNameField, classId: z.number(), className: z.string(), score: z.number(), gap: z.number() })),
  })),
});
export type RateCritical = z.infer<typeof rateCriticalSchema>;

// ---- online (onlineAnalysis/online)
const onlineCountsShape = { online: z.number(), single: z.number(), double: z.number(), hitRate: num, contributionRate: num };
export const onlineSchema = z.object({
  meta: reportMetaSchema,
  buffer: z.number(),
  lines: z.array(z.object({
    name: z.string(),
    score: num,
    source: z.enum(['score', 'share']),
    share: num,
    online: z.number(),
    classes: z.array(z.object({ classId: z.number(), className: z.string(), sat: z.number(), online: z.number(), share: num, critical: z.number() })),
    subjects: z.array(z.object({
      code: z.string(),
      name: z.string(),
      /** 有效分 (ratio method). */
      effectiveScore: num,
      grade: z.object(onlineCountsShape),
      classes: z.array(z.object({ classId: z.number(), className: z.string(), ...onlineCountsShape })),
    })),
    critical: z.array(z.object({ examStudentId: z.number(), name: z.string(), schoolName: schoolNameField, classId: z.number(), className: z.string(), total: z.number(), gap: z.number() })),
  })),
});
export type Online = z.infer<typeof onlineSchema>;

// ---- paper (paperAnalysis/paper)
export const optionDistributionSchema = z.object({
  n: z.number(),
  options: z.array(z.object({ option: z.string(), count: z.number(), share: num, marked: z.number(), markedShare: num, correct: z.boolean() })),
  blank: z.object({ count: z.number(), share: num }),
  multiple: z.object({ count: z.number(), share: num }),
  keyMarked: z.object({ count: z.number(), share: num }),
});
export const paperQuestionSchema = z.object({
  no: z.string(),
  type: z.string(),
  fullScore: z.number(),
  /** Key as letters (判断题: A = 对, B = 错); null for non-objective questions. */
  answer: z.string().nullable(),
  /** 知识点 of the question ([] when none). */
  knowledgePoints: z.array(z.string()),
  n: z.number(),
  mean: num,
  sd: num,
  /** 得分率 = difficulty P. */
  scoreRate: num,
  /** 高分组得分率 / 低分组得分率: the upper / lower 27 % by subject score (students tied at a cut share weight). */
  upperRate: num,
  lowerRate: num,
  /** D = upperRate − lowerRate (order-free) and its band 很好 / 良好 / 尚可需改进 / 差. */
  discrimination: num,
  discriminationQuality: z.string().nullable(),
  /** Corrected item–total r and its band. */
  correlation: num,
  correlationQuality: z.string().nullable(),
  fullMarks: z.number(),
  zeros: z.number(),
  /** Objective questions only, else null. */
  options: optionDistributionSchema.nullable(),
  /** Mean per class of `classes`. */
  classMeans: z.array(num),
});
export const paperSchema = z.object({
  meta: reportMetaSchema,
  /** courseCode '0' = the first permitted subject. */
  column: columnSchema,
  n: z.number(),
  mean: num,
  sd: num,
  difficulty: num,
  alpha: num,
  kr20: num,
  /** Standard error of measurement SEM = SD·√(1 − α), in points. */
  sem: num,
  /** The subject's score distribution (grade row of its score segments). */
  scoreDistribution: z.array(z.object({ label: z.string(), lower: z.number(), upper: z.number(), count: z.number(), cumulative: z.number() })),
  classes: z.array(z.object({ classId: z.number(), className: z.string(), n: z.number() })),
  questions: z.array(paperQuestionSchema),
  /** 知识点得分率: per knowledge point its questions, Σ full, Σ mean and 得分率 = Σ mean ÷ Σ full. */
  knowledgePointSummary: z.array(z.object({
    knowledgePoint: z.string(),
    questions: z.array(z.string()),
    fullScore: z.number(),
    mean: num,
    scoreRate: num,
  })),
});
export type Paper = z.infer<typeof paperSchema>;

// ---- comments (examReportComm/comment)
export const commentSchema = z.object({
  meta: reportMetaSchema,
  classes: z.array(z.object({ classId: z.number(), className: z.string(), comment: z.string() })),
  /** Per student of the visible classes (paged). */
  records: z.array(z.object({ examStudentId: z.number(), name: z.string(), schoolName: schoolNameField, className: z.string(), comment: z.string() })),
  total: z.number(),
  current: z.number(),
  size: z.number(),
});
export type Comment = z.infer<typeof commentSchema>;

// ---- student analysis (studentAnalysis/{type})
export const studentRefSchema = z.object({
  examStudentId: z.number(),
  name: z.string(),
  schoolName: schoolNameField,
  classId: z.number(),
  className: z.string(),
  total: z.number(),
  gradeRank: z.number(),
  classRank: z.number(),
  /** Grade rank of the total in the reference exam (over the common subjects when the totals differ); null without one. */
  lastRank: num,
  /** This exam's rank compared with lastRank: gradeRank, or the rank over the common subjects. */
  compareRank: num,
  /** lastRank − compareRank (positive = up). */
  change: num,
});
export type StudentRef = z.infer<typeof studentRefSchema>;
export const studentProgressSchema = z.object({
  meta: reportMetaSchema,
  referenceName: z.string().nullable(),
  /**
   * How ranks were compared: 'total' (the same subjects), 'common' (the totals differ: both exams ranked over
   * the common `subjects`, names) or 'none' (no common subject: no change shown); `message` says so in Chinese.
   */
  comparison: z.object({ mode: z.enum(['total', 'common', 'none']), subjects: z.array(z.string()), message: z.string().nullable() }).nullable(),
  /** Per class: the upNumber biggest risers and lowNumber biggest fallers. */
  classes: z.array(z.object({ classId: z.number(), className: z.string(), up: z.array(studentRefSchema), low: z.array(studentRefSchema) })),
  /** Every sitting student of the visible classes, by total rank (paged). */
  records: z.array(studentRefSchema),
  total: z.number(),
  current: z.number(),
  size: z.number(),
});
export const studentTopSchema = z.object({
  meta: reportMetaSchema,
  classes: z.array(z.object({ classId: z.number(), className: z.string(), top: z.array(studentRefSchema), bottom: z.array(studentRefSchema) })),
});
export const studentWeakSchema = z.object({
  meta: reportMetaSchema,
  subjects: z.array(z.object({ code: z.string(), name: z.string() })),
  /** gaps[k] = grade rank in subjects[k] − total grade rank (positive = the subject lags). */
  records: z.array(studentRefSchema.extend({ gaps: z.array(num), weakSubject: z.string().nullable(), strongSubject: z.string().nullable() })),
  total: z.number(),
  current: z.number(),
  size: z.number(),
});
export type StudentProgress = z.infer<typeof studentProgressSchema>;
export type StudentTop = z.infer<typeof studentTopSchema>;
export type StudentWeak = z.infer<typeof studentWeakSchema>;

// ---- analysisReportList (exam/analysis/list)
export const roleReportEntrySchema = z.object({
  roleCode: z.string(),
  /** 年级主任报告 / 班主任报告（高一1班）… */
  title: z.string(),
  classId: z.number(),
  courseCode: z.string(),
  /** REPORT_ROUTES keys to show in this role's menu. */
  reports: z.array(z.string()),
});
export const analysisExamSchema = z.object({
  examId: z.number(),
  examName: z.string(),
  examType: z.number(),
  examTypeName: z.string(),
  gradeId: z.number(),
  gradeName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  releasedAt: z.string().nullable(),
  version: z.number(),
  studentCount: z.number(),
  classCount: z.number(),
  subjects: z.array(z.object({ code: z.string(), name: z.string(), fullScore: z.number() })),
  roleReports: z.array(roleReportEntrySchema),
});
export type AnalysisExam = z.infer<typeof analysisExamSchema>;
export const analysisListSchema = z.object({ records: z.array(analysisExamSchema), total: z.number(), current: z.number(), size: z.number() });

// ---- student portal: packages/shared/src/api/student-report.ts

// ================================================================ routes table

export type ReportKey =
  | 'overview' | 'transcript' | 'horizontalDistribution' | 'subjectComparison' | 'classComparison' | 'subjectQuality'
  | 'groupG' | 'quartile' | 'rateCritical' | 'online' | 'paper' | 'comment'
  | 'studentProgress' | 'studentTop' | 'studentWeak' | 'scoreSegment' | 'rankSegment' | 'registrationComparison';

export interface ReportRoute {
  /** GET path under /api/v1. */
  path: string;
  /** GET path answering the xlsx of the same query. */
  exportPath: string;
  /** Chinese title (menu text, export file name). */
  title: string;
  /** The reportDetails child route of the web (docs/PRODUCT.md §2). */
  webRoute: string;
  /** Needs the total column (403 for callers without it). */
  needsTotal: boolean;
  /** Hidden when a single course is chosen (spec: subject comparison and subject quality). */
  hiddenForSingleCourse: boolean;
}

const r = (path: string, title: string, webRoute: string, needsTotal = false, hiddenForSingleCourse = false): ReportRoute =>
  ({ path, exportPath: `${path}_export`, title, webRoute, needsTotal, hiddenForSingleCourse });

/** In the spec's menu order (§2 report navigation menu: data overview, then the score-analysis group). */
export const REPORT_ROUTES: Record<ReportKey, ReportRoute> = {
  overview: r('report_home/overview', '数据概览', 'dataScreening'),
  transcript: r('examReportComm/transcript', '成绩单', 'scrolReport'),
  horizontalDistribution: r('examReportComm/horizontalDistribution', '横向分布', 'horizontalDistribution'),
  subjectComparison: r('courseComparisonAnalysis/subjectComparison', '学科对比', 'subject', false, true),
  classComparison: r('classComparisonAnalysis/classComparison', '班级对比', 'classComparison'),
  subjectQuality: r('courseComparisonAnalysis/subjectQuality', '学科质量', 'subjectQuality', false, true),
  groupG: r('report/groupG', 'G组分析', 'Ggroup', true),
  quartile: r('quartileAnalysis/quartile', '四分位分析', 'quartilean'),
  rateCritical: r('fiveRateAnalysis/rateCritical', '五率临界分析', 'rateCritical'),
  online: r('onlineAnalysis/online', '上线分析', 'online', true),
  paper: r('paperAnalysis/paper', '试卷分析', 'testPaper'),
  comment: r('examReportComm/comment', '评语分析', 'comment'),
  studentProgress: r('studentAnalysis/progress', '学生进退步分析', 'student', true),
  studentTop: r('studentAnalysis/top', '学生尖子生与后进生', 'student', true),
  studentWeak: r('studentAnalysis/weak', '学生薄弱学科', 'student', true),
  scoreSegment: r('examReportComm/scoreSegment', '分数段分析', 'horizontalDistribution'),
  rankSegment: r('examReportComm/rankSegment', '名次段分析', 'horizontalDistribution'),
  registrationComparison: r('classComparisonAnalysis/registrationComparison', '学籍对比', 'registerComparison'),
};
export const REPORT_KEYS = Object.keys(REPORT_ROUTES) as ReportKey[];

/** Other paths of this contract (GET unless noted; under /api/v1 unless noted). */
export const REPORT_OTHER_PATHS = {
  release: 'publish/release', // POST { examId }
  releaseProgress: 'publish/progress', // GET ?examId
  filter: 'examReportComm/filter',
  analysisList: 'exam/analysis/list',
  correctionApply: 'correction_score/apply', // POST
  correctionFindPage: 'correction_score/find_page',
  correctionApprove: 'correction_score/approve', // POST { id }
  correctionReject: 'correction_score/reject', // POST { id, reason }
  studentReportList: '/studentApi/v1/report/list',
  studentReportDetail: '/studentApi/v1/report/detail', // ?examId
} as const;
