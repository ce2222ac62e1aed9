import type { AnalysisSettings, SubjectSettings } from './model.js';
import { DEFAULT_CRITICAL_BUFFER } from './stats/criticalStudents.js';
import { DEFAULT_LEVEL_BANDS } from './stats/levelAssign.js';
import { DEFAULT_RANK_CUTOFFS } from './stats/rankSegments.js';
import type { RateLevel } from './stats/rateShares.js';

/** 五率 (docs/DOMAIN-RULES.md §3.9): 高分 90 %, 优秀 80 %, 良好 70 %, 及格 60 %, 低分 below 30 %. */
export const FIVE_RATES: readonly RateLevel[] = [
  { key: 'high', name: '高分', threshold: 0.9 },
  { key: 'excellent', name: '优秀', threshold: 0.8 },
  { key: 'good', name: '良好', threshold: 0.7 },
  { key: 'pass', name: '及格', threshold: 0.6 },
  { key: 'low', name: '低分', threshold: 0.3, below: true },
];

/** 四率, the default (docs/PRODUCT.md §9 report rate name 四率): 五率 without 高分. */
export const FOUR_RATES: readonly RateLevel[] = FIVE_RATES.filter((r) => r.key !== 'high');

export const DEFAULT_SETTINGS: Readonly<AnalysisSettings> = {
  rates: FOUR_RATES.map((r) => ({ ...r })),
  segmentWidth: 10,
  totalSegmentWidth: 50,
  segmentWidths: {},
  rankCutoffs: [...DEFAULT_RANK_CUTOFFS],
  groupCount: 10,
  lines: [],
  criticalBuffer: DEFAULT_CRITICAL_BUFFER,
  studentRules: { topNumber: 10, bottomNumber: 10, upNumber: 3, lowNumber: 3 },
  levelBands: DEFAULT_LEVEL_BANDS.map((b) => ({ ...b })),
  totalSubjects: null,
  totalCode: 'total',
  totalName: '总分',
};

/** Defaults overlaid with the exam's settings ("reset to default" = pass nothing). */
export function resolveSettings(partial: Partial<AnalysisSettings> = {}): AnalysisSettings {
  const out: AnalysisSettings = { ...DEFAULT_SETTINGS, ...partial } as AnalysisSettings;
  out.studentRules = { ...DEFAULT_SETTINGS.studentRules, ...(partial.studentRules ?? {}) };
  out.segmentWidths = { ...(partial.segmentWidths ?? {}) };
  out.bySubject = { ...(partial.bySubject ?? {}) };
  return out;
}

/** The overrides of a subject column (none for the total, which keeps the exam-wide values). */
function overridesOf(settings: AnalysisSettings, code: string, isTotal: boolean): SubjectSettings | undefined {
  return isTotal ? undefined : settings.bySubject?.[code];
}

/** Rate levels of a column: the subject's own (course-level) levels, else the exam-wide ones. */
export function ratesOf(settings: AnalysisSettings, code: string, isTotal = false): RateLevel[] {
  return overridesOf(settings, code, isTotal)?.rates ?? settings.rates;
}

/** Critical-student buffer of a column: the subject's own, else the exam-wide one. */
export function criticalBufferOf(settings: AnalysisSettings, code: string, isTotal = false): number {
  return overridesOf(settings, code, isTotal)?.criticalBuffer ?? settings.criticalBuffer;
}

/** Score-segment width of a column: bySubject, else segmentWidths, else 10 for a subject and 50 for the total. */
export function segmentWidthFor(settings: AnalysisSettings, code: string, isTotal = false): number {
  return overridesOf(settings, code, isTotal)?.scoreSegment ?? settings.segmentWidths[code] ?? (isTotal ? settings.totalSegmentWidth : settings.segmentWidth);
}
