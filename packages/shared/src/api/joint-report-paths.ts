/**
 * The paths of the joint reports (under /api/v1; each report with `<path>_export`), apart from the zod schemas of
 * joint-report.ts so the web imports the same table the server routes by without carrying the schemas.
 */
import type { ReportKey } from './report.js';

/** Joint paths of the report keys (under /api/v1; each with `<path>_export`). */
export const JOINT_REPORT_PATHS: Record<ReportKey, string> = {
  overview: 'joint_analysis/report',
  transcript: 'joint_analysis/transcript',
  groupG: 'joint_analysis/groupResult',
  paper: 'joint_analysis/paper_result',
  studentProgress: 'joint_analysis/student_analysis',
  studentTop: 'joint_analysis/student_analysis/top',
  studentWeak: 'joint_analysis/student_analysis/weak',
  online: 'joint_analysis/scoreLine',
  horizontalDistribution: 'joint_analysis/horizontalDistribution',
  classComparison: 'joint_analysis/classContrast',
  registrationComparison: 'joint_analysis/studentStatusContrast',
  subjectComparison: 'joint_analysis/subjectContrast',
  subjectQuality: 'joint_analysis/subjectQuality',
  quartile: 'joint_analysis/quartile',
  rateCritical: 'joint_analysis/rateCritical',
  comment: 'joint_analysis/comment',
  scoreSegment: 'joint_analysis/scoreSegment',
  rankSegment: 'joint_analysis/rankSegment',
};

export const JOINT_OTHER_PATHS = {
  /** The filter (examReportComm/filter of the joint exam). */
  filter: 'joint_analysis/common',
  schoolContrast: 'joint_analysis/schoolContrast',
  showStudentInfo: 'joint_analysis/showStudentInfo',
} as const;
