import type { ReportKey, ReportParams } from '@/api/report';
import { http } from '@/utils/request';

/**
 * 联考报告 (contract packages/shared/src/api/joint-report.ts): the joint paths of the report keys, copied so the web
 * bundle does not carry the zod schemas; every one has `<path>_export` (xlsx).
 */
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
export const JOINT_FILTER_PATH = 'joint_analysis/common';
export const JOINT_SCHOOL_CONTRAST_PATH = 'joint_analysis/schoolContrast';

export interface SchoolContrastRate { key: string; name: string; thresholdScore: number; below: boolean; count: number; share: number | null }
export interface SchoolContrastBand { label: string; maxRank: number; count: number; share?: number | null }
export interface SchoolContrastRow {
  schoolName: string; own: boolean; count: number; mean: number | null; sd: number | null; overMeanRate: number | null; meanRank: number | null;
  rates: SchoolContrastRate[]; bands: SchoolContrastBand[];
}
export interface SchoolContrastTable {
  code: string; name: string; fullScore: number; isTotal: boolean;
  joint: { count: number; mean: number | null; sd: number | null; rates: SchoolContrastRate[]; bands: SchoolContrastBand[] };
  rows: SchoolContrastRow[];
}
export interface SchoolContrast { meta: { examName: string }; anonymised: boolean; tables: SchoolContrastTable[] }

/** 校际对比 */
export const findSchoolContrast = (params: ReportParams) => http.get<SchoolContrast>(`/${JOINT_SCHOOL_CONTRAST_PATH}`, params);

/** A joint report's xlsx (`<path>_export`): the file, or the JSON refusal. */
export const downloadJointExport = (path: string, params: ReportParams) => http.download(`/${path}_export`, params as Record<string, string | number>);
