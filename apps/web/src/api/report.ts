import type { z } from 'zod';
import type {
  AnalysisExam, ClassComparison, Comment, RegistrationComparison, GroupG, Online, Overview, Paper, RateCritical, ReportFilter, ReportKey,
  StudentProgress, StudentTop, StudentWeak, SubjectComparison, SubjectQuality, Transcript,
  analysisListSchema, horizontalDistributionSchema, quartileSchema, rankSegmentSchema, scoreSegmentSchema,
} from '@jz/shared/api/report';
import { http } from '@/utils/request';

/**
 * Report contract (packages/shared/src/api/report.ts): paths copied from REPORT_ROUTES / REPORT_OTHER_PATHS so
 * the web bundle does not carry the zod schemas. `reportRoutes.test` style drift is caught by tsc below:
 * every ReportKey must be listed.
 */
export const REPORT_PATHS: Record<ReportKey, { path: string; exportPath: string; title: string }> = {
  overview: { path: 'report_home/overview', exportPath: 'report_home/overview_export', title: '数据概览' },
  transcript: { path: 'examReportComm/transcript', exportPath: 'examReportComm/transcript_export', title: '成绩单' },
  horizontalDistribution: { path: 'examReportComm/horizontalDistribution', exportPath: 'examReportComm/horizontalDistribution_export', title: '横向分布' },
  subjectComparison: { path: 'courseComparisonAnalysis/subjectComparison', exportPath: 'courseComparisonAnalysis/subjectComparison_export', title: '学科对比' },
  classComparison: { path: 'classComparisonAnalysis/classComparison', exportPath: 'classComparisonAnalysis/classComparison_export', title: '班级对比' },
  registrationComparison: { path: 'classComparisonAnalysis/registrationComparison', exportPath: 'classComparisonAnalysis/registrationComparison_export', title: '学籍对比' },
  subjectQuality: { path: 'courseComparisonAnalysis/subjectQuality', exportPath: 'courseComparisonAnalysis/subjectQuality_export', title: '学科质量' },
  groupG: { path: 'report/groupG', exportPath: 'report/groupG_export', title: 'G组分析' },
  quartile: { path: 'quartileAnalysis/quartile', exportPath: 'quartileAnalysis/quartile_export', title: '四分位分析' },
  rateCritical: { path: 'fiveRateAnalysis/rateCritical', exportPath: 'fiveRateAnalysis/rateCritical_export', title: '五率临界分析' },
  online: { path: 'onlineAnalysis/online', exportPath: 'onlineAnalysis/online_export', title: '上线分析' },
  paper: { path: 'paperAnalysis/paper', exportPath: 'paperAnalysis/paper_export', title: '试卷分析' },
  comment: { path: 'examReportComm/comment', exportPath: 'examReportComm/comment_export', title: '评语分析' },
  studentProgress: { path: 'studentAnalysis/progress', exportPath: 'studentAnalysis/progress_export', title: '学生进退步分析' },
  studentTop: { path: 'studentAnalysis/top', exportPath: 'studentAnalysis/top_export', title: '学生尖子生与后进生' },
  studentWeak: { path: 'studentAnalysis/weak', exportPath: 'studentAnalysis/weak_export', title: '学生薄弱学科' },
  scoreSegment: { path: 'examReportComm/scoreSegment', exportPath: 'examReportComm/scoreSegment_export', title: '分数段分析' },
  rankSegment: { path: 'examReportComm/rankSegment', exportPath: 'examReportComm/rankSegment_export', title: '名次段分析' },
};

/** The query every report takes (contract reportQuery): courseCode '0' = 总分, classId 0 = 全年级. */
export interface ReportParams {
  examId: number | string;
  courseCode: string;
  classId: number;
  classType: string;
  registrationType: string;
  scoreType: number;
  [k: string]: unknown;
}

export type HorizontalDistribution = z.infer<typeof horizontalDistributionSchema>;
export type ScoreSegment = z.infer<typeof scoreSegmentSchema>;
export type RankSegment = z.infer<typeof rankSegmentSchema>;
export type Quartile = z.infer<typeof quartileSchema>;
export type AnalysisList = z.infer<typeof analysisListSchema>;

/** Answer type of each report key. */
export interface ReportData {
  overview: Overview;
  transcript: Transcript;
  horizontalDistribution: HorizontalDistribution;
  subjectComparison: SubjectComparison;
  classComparison: ClassComparison;
  registrationComparison: RegistrationComparison;
  subjectQuality: SubjectQuality;
  groupG: GroupG;
  quartile: Quartile;
  rateCritical: RateCritical;
  online: Online;
  paper: Paper;
  comment: Comment;
  studentProgress: StudentProgress;
  studentTop: StudentTop;
  studentWeak: StudentWeak;
  scoreSegment: ScoreSegment;
  rankSegment: RankSegment;
}

/** 已发布考试的分析报告列表 */
export const findAnalysisExams = (params: { current: number; size: number; name?: string; gradeId?: number | string; examType?: number | string }) =>
  http.get<AnalysisList>('/exam/analysis/list', params);

/** 报告筛选条件（学科、班级、班级类型、学籍类型、成绩类型） */
export const findReportFilter = (params: { examId: number | string } & Partial<ReportParams>) =>
  http.get<ReportFilter>('/examReportComm/filter', params);

/** 查询一份报告 */
export const findReport = <K extends ReportKey>(key: K, params: ReportParams) =>
  http.get<ReportData[K]>(`/${REPORT_PATHS[key].path}`, params);

export type { AnalysisExam, ReportFilter, ReportKey };

/* ---------- 图表 (成绩图表, 历次考试趋势) ---------- */
export type { ScoreCharts, Trend } from '@jz/shared/api/report-charts';
import type { ScoreCharts, Trend } from '@jz/shared/api/report-charts';
/** 成绩图表：分数分布、各班箱线图、单科与总分散点 */
export const findScoreCharts = (params: ReportParams) => http.get<ScoreCharts>('/examReportComm/charts', params);
/** 历次考试趋势：本年级已发布考试中所选科目的年级与各班得分率 */
export const findTrend = (params: ReportParams) => http.get<Trend>('/examReportComm/trend', params);
