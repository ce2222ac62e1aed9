import { competitionRank } from '../stats/competitionRank.js';
import { difficulty } from '../stats/difficulty.js';
import { overMeanRate } from '../stats/overMeanRate.js';
import { rateShares, type RateShare } from '../stats/rateShares.js';
import { ratesOf } from '../settings.js';
import { unitStats, type DimensionKey, type PreparedExam, type Summary } from './prepare.js';

export interface UnitComparisonRow extends Summary {
  unitId: string;
  unitName: string;
  absent: number;
  scoreRate: number | null;
  /** 超均率 against the reference (everybody analysed). */
  overMeanRate: number | null;
  /** Competition rank of the unit's mean among units (null when the unit has no sitting student). */
  meanRank: number | null;
  rates: RateShare[];
}

export interface ComparisonTable {
  code: string;
  name: string;
  fullScore: number;
  isTotal: boolean;
  /** The reference row (grade, or joint exam). */
  reference: Summary & { absent: number; scoreRate: number | null; rates: RateShare[] };
  rows: UnitComparisonRow[];
}

/** One column's per-unit comparison table; shared by the class and subject comparisons. */
export function comparisonTable(exam: PreparedExam, colIndex: number, by: DimensionKey): ComparisonTable {
  const col = exam.columns[colIndex];
  const stats = unitStats(exam, col, by);
  const ref = col.summary;
  const means = stats.map((s) => (s.summary.mean === null ? NaN : s.summary.mean));
  const ranks = competitionRank(means);
  const rates = ratesOf(exam.settings, col.code, col.isTotal);
  return {
    code: col.code,
    name: col.name,
    fullScore: col.fullScore,
    isTotal: col.isTotal,
    reference: { ...ref, absent: col.absentCount, scoreRate: difficulty(ref.mean, col.fullScore), rates: rateShares(col.ascending, col.fullScore, rates) },
    rows: stats.map((s, u) => ({
      unitId: s.unit.id,
      unitName: s.unit.name,
      ...s.summary,
      absent: s.absent,
      scoreRate: difficulty(s.summary.mean, col.fullScore),
      overMeanRate: overMeanRate(s.summary.mean, ref.mean),
      meanRank: ranks[u] || null,
      rates: rateShares(s.ascending, col.fullScore, rates),
    })),
  };
}

/**
 * 班级对比 (or 学校对比 with by = 'school', 学籍对比 with 'registration'): per subject and total, each unit's
 * count, mean, SD, max, min, median, quartiles, 超均率, rank of its mean, rates.
 */
export function buildClassComparison(exam: PreparedExam, options: { by?: DimensionKey } = {}): ComparisonTable[] {
  const by = options.by ?? 'class';
  return exam.columns.map((c) => comparisonTable(exam, c.index, by));
}
