import type { AnalysisInput } from '../model.js';
import { buildClassComparison } from './classComparison.js';
import { buildGGroups } from './gGroups.js';
import { buildOnline } from './online.js';
import { buildOverview } from './overview.js';
import { buildPaper } from './paper.js';
import { prepareExam, type DimensionKey, type PreparedExam } from './prepare.js';
import { buildQuartiles } from './quartiles.js';
import { buildRankSegments } from './rankSegments.js';
import { buildRateCritical } from './rateCritical.js';
import { buildScoreSegments } from './scoreSegments.js';
import { buildStudentAnalysis, type ReferenceExam } from './student.js';
import { buildSubjectComparison } from './subjectComparison.js';
import { buildTranscript } from './transcript.js';

export * from './prepare.js';
export * from './overview.js';
export * from './transcript.js';
export * from './classComparison.js';
export * from './subjectComparison.js';
export * from './rateCritical.js';
export * from './scoreSegments.js';
export * from './rankSegments.js';
export * from './gGroups.js';
export * from './quartiles.js';
export * from './online.js';
export * from './paper.js';
export * from './student.js';
export * from './charts.js';
export * from './schoolContrast.js';

/**
 * The builders of every report of one exam, per unit of `by` (class by default; 'school' for a joint exam's
 * school view): a caller that stores the reports one by one builds each just before it is stored, so only one
 * report is held at a time. The reports share the exam's memo (partitions, unit ranks), so any order gives the same.
 */
export function reportBuilders(exam: PreparedExam, options: { by?: DimensionKey; reference?: ReferenceExam } = {}) {
  const by = options.by ?? 'class';
  return {
    overview: () => buildOverview(exam),
    transcript: () => buildTranscript(exam),
    classComparison: () => buildClassComparison(exam, { by }),
    /** 学籍对比: the same comparison with 学籍类型 (应届 / 往届 …) as the units, over everybody analysed. */
    registrationComparison: () => buildClassComparison(exam, { by: 'registration' }),
    subjectComparison: () => buildSubjectComparison(exam, { by }),
    rateCritical: () => buildRateCritical(exam, { by }),
    scoreSegments: () => buildScoreSegments(exam, { by }),
    rankSegments: () => buildRankSegments(exam, { by }),
    gGroups: () => buildGGroups(exam, { by }),
    quartiles: () => buildQuartiles(exam, { by }),
    online: () => buildOnline(exam, { by }),
    paper: () => buildPaper(exam, { by }),
    students: () => buildStudentAnalysis(exam, { by, reference: options.reference }),
  };
}

type Builders = ReturnType<typeof reportBuilders>;
export type AllReports = { [K in keyof Builders]: ReturnType<Builders[K]> };

/** Every report of one exam at once (reportBuilders, each built). */
export function buildAllReports(input: AnalysisInput | PreparedExam, options: { by?: DimensionKey; reference?: ReferenceExam } = {}): AllReports {
  const exam = 'columns' in input ? input : prepareExam(input);
  const builders = reportBuilders(exam, options);
  const out = {} as Record<string, unknown>;
  for (const [key, build] of Object.entries(builders)) out[key] = build();
  return out as AllReports;
}
