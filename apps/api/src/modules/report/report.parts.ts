/**
 * The stored parts each report route reads (report.store reportsFor): a request reads only these of its variant, so
 * the first request of a version reads a few small parts, not the variant whole. A builder reading a part not
 * listed here fails (tests/api/report-parts.test.ts calls every route on a cold cache).
 */
import { TOTAL_CODE, type ReportKey, type ReportQuery } from '@jz/shared/api/report';
import type { PartsNeed, ReportName } from './report.store.js';

const isTotal = (q: ReportQuery) => q.courseCode === '0' || q.courseCode === '' || q.courseCode === TOTAL_CODE;
/** The asked column's part of a report stored by column (report.service single). */
const column = (name: 'rateCritical' | 'classComparison', q: ReportQuery): ReportName => `${name}@${isTotal(q) ? TOTAL_CODE : q.courseCode}`;
const fixed = (...names: ReportName[]) => (): PartsNeed => ({ names });

export const REPORT_PARTS: Record<ReportKey, (q: ReportQuery) => PartsNeed> = {
  // a class's figures are its row of 班级对比
  overview: (q) => ({ names: ['overview', 'transcriptHead', ...(q.classId ? ['classComparison'] as const : [])] }),
  transcript: fixed('transcript~', 'transcriptHead'),
  horizontalDistribution: fixed('scoreSegments'),
  subjectComparison: fixed('subjectComparison'),
  classComparison: (q) => ({ names: [column('classComparison', q), 'transcriptHead'] }),
  registrationComparison: fixed('registrationComparison', 'transcriptHead'),
  subjectQuality: (q) => ({ names: ['paper', 'overview', 'transcriptHead', ...(q.classId ? ['classComparison'] as const : [])] }),
  groupG: fixed('gGroups'),
  quartile: fixed('quartiles', 'transcriptHead'),
  rateCritical: (q) => ({ names: [column('rateCritical', q), 'transcriptHead'] }),
  online: fixed('online'),
  paper: fixed('paper', 'scoreSegments', 'transcriptHead'),
  // the students' comments (total only) are written from the transcript
  comment: (q) => ({ names: [column('classComparison', q), 'subjectComparison', 'transcriptHead', ...(isTotal(q) ? ['transcript~', 'balances', 'overview'] as const : [])] }),
  studentProgress: fixed('students~'),
  studentTop: fixed('students~'),
  studentWeak: fixed('students~'),
  scoreSegment: fixed('scoreSegments'),
  rankSegment: fixed('rankSegments'),
};

export const FILTER_PARTS: PartsNeed = { names: ['overview'] };

/** The joint routes beyond the school reports (joint-report.routes.ts). */
export const JOINT_PARTS = {
  transcript: { names: ['transcript~', 'transcriptHead', 'schoolRanks'] } as PartsNeed,
  schoolContrast: { names: ['schoolContrast', 'transcriptHead'] } as PartsNeed,
  // a candidate's row is read from the all-students transcript whatever the variant
  showStudentInfo: { names: [], all: ['transcript~', 'schoolRanks'] } as PartsNeed,
};
