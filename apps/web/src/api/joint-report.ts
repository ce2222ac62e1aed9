import type { ReportParams } from '@/api/report';
import type { SchoolContrast } from '@jz/shared/api/joint-report';
import { JOINT_OTHER_PATHS } from '@jz/shared/api/joint-report-paths';
import { http } from '@/utils/request';

/** 联考报告 (contract packages/shared/src/api/joint-report.ts); every report path has `<path>_export` (xlsx). */
export { JOINT_OTHER_PATHS, JOINT_REPORT_PATHS } from '@jz/shared/api/joint-report-paths';
export type { SchoolContrast };
export type SchoolContrastTable = SchoolContrast['tables'][number];
export type SchoolContrastRow = SchoolContrastTable['rows'][number];

/** 校际对比 */
export const findSchoolContrast = (params: ReportParams) => http.get<SchoolContrast>(`/${JOINT_OTHER_PATHS.schoolContrast}`, params);

/** A joint report's xlsx (`<path>_export`): the file, or the JSON refusal. */
export const downloadJointExport = (path: string, params: ReportParams) => http.download(`/${path}_export`, params as Record<string, string | number>);
