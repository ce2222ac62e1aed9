import { thresholdScore } from '../stats/rateShares.js';
import { criticalBufferOf, ratesOf } from '../settings.js';
import { unitStats, type DimensionKey, type PreparedExam } from './prepare.js';
import { lowerBound, upperBound } from './search.js';

export interface CriticalCounts {
  /** Students at the level (score ≥ threshold; for 低分, score < threshold). */
  reached: number;
  /** threshold − buffer ≤ score < threshold */
  below: number;
  /** threshold ≤ score ≤ threshold + buffer */
  above: number;
}

export interface CriticalStudent {
  studentId: string;
  name: string;
  unitName: string;
  score: number;
  /** score − threshold */
  gap: number;
}

export interface RateCriticalTable {
  code: string;
  name: string;
  isTotal: boolean;
  /** The buffer in points used for this column (the subject's own, else the exam-wide one). */
  buffer: number;
  levels: {
    key: string;
    name: string;
    thresholdScore: number;
    grade: CriticalCounts;
    units: (CriticalCounts & { unitId: string; unitName: string })[];
    /** Everybody with |score − threshold| ≤ buffer, best first. */
    students: CriticalStudent[];
  }[];
}

/**
 * 五率临界生: per subject and total, per rate level, the students within `buffer` points (default 10) of the
 * level's threshold score, counted below and above it, per unit and overall, and listed.
 */
export function buildRateCritical(exam: PreparedExam, options: { by?: DimensionKey; buffer?: number } = {}): RateCriticalTable[] {
  const by = options.by ?? 'class';
  const eps = 1e-9;
  const counts = (asc: Float64Array, t: number, below: boolean, buffer: number): CriticalCounts => {
    const atT = lowerBound(asc, t);
    return {
      reached: below ? atT : asc.length - atT,
      below: atT - lowerBound(asc, t - buffer - eps),
      above: upperBound(asc, t + buffer + eps) - atT,
    };
  };
  return exam.columns.map((col) => {
    const stats = unitStats(exam, col, by);
    const buffer = options.buffer ?? criticalBufferOf(exam.settings, col.code, col.isTotal);
    return {
      code: col.code,
      name: col.name,
      isTotal: col.isTotal,
      buffer,
      levels: ratesOf(exam.settings, col.code, col.isTotal).map((lvl) => {
        const t = thresholdScore(lvl.threshold, col.fullScore);
        const below = lvl.below === true;
        // Best first: walk the column order from the first score ≤ t + buffer.
        const students: CriticalStudent[] = [];
        const hiIdx = col.ascending.length - upperBound(col.ascending, t + buffer + eps);
        const loIdx = col.ascending.length - lowerBound(col.ascending, t - buffer - eps);
        const dim = exam.dimensions.get(by);
        for (let k = hiIdx; k < loIdx; k++) {
          const i = col.order[k];
          const g = dim ? dim.unitOf[i] : -1;
          students.push({ studentId: exam.students[i].id, name: exam.students[i].name, unitName: g >= 0 && dim ? dim.units[g].name : '', score: col.score[i], gap: col.score[i] - t });
        }
        return {
          key: lvl.key,
          name: lvl.name,
          thresholdScore: t,
          grade: counts(col.ascending, t, below, buffer),
          units: stats.map((s) => ({ unitId: s.unit.id, unitName: s.unit.name, ...counts(s.ascending, t, below, buffer) })),
          students,
        };
      }),
    };
  });
}
