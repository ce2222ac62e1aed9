import { comparisonTable } from './classComparison.js';
import { dimensionOf, type DimensionKey, type PreparedExam } from './prepare.js';

export interface SubjectCell {
  code: string;
  mean: number | null;
  scoreRate: number | null;
  overMeanRate: number | null;
  /** Rank of the unit's mean among units in this subject. */
  meanRank: number | null;
}

export interface SubjectComparisonRow {
  unitId: string;
  unitName: string;
  /** Per column, subjects then total. */
  cells: SubjectCell[];
  /** Subject (not total) with the highest / lowest 超均率; null when none is known. */
  strongest: string | null;
  weakest: string | null;
}

export interface SubjectComparisonReport {
  columns: { code: string; name: string; fullScore: number; isTotal: boolean; mean: number | null; scoreRate: number | null }[];
  rows: SubjectComparisonRow[];
}

/** 学科对比: per unit, each subject's mean, 得分率, 超均率 and rank, with the unit's strongest and weakest subject. */
export function buildSubjectComparison(exam: PreparedExam, options: { by?: DimensionKey } = {}): SubjectComparisonReport {
  const by = options.by ?? 'class';
  const tables = exam.columns.map((c) => comparisonTable(exam, c.index, by));
  const dim = dimensionOf(exam, by);
  const rows = dim.units.map((unit, u) => {
    const cells = tables.map((t) => ({ code: t.code, mean: t.rows[u].mean, scoreRate: t.rows[u].scoreRate, overMeanRate: t.rows[u].overMeanRate, meanRank: t.rows[u].meanRank }));
    let strongest: string | null = null;
    let weakest: string | null = null;
    let hi = -Infinity;
    let lo = Infinity;
    cells.forEach((c, k) => {
      if (tables[k].isTotal || c.overMeanRate === null) return;
      if (c.overMeanRate > hi) { hi = c.overMeanRate; strongest = c.code; }
      if (c.overMeanRate < lo) { lo = c.overMeanRate; weakest = c.code; }
    });
    return { unitId: unit.id, unitName: unit.name, cells, strongest, weakest };
  });
  return { columns: tables.map((t) => ({ code: t.code, name: t.name, fullScore: t.fullScore, isTotal: t.isTotal, mean: t.reference.mean, scoreRate: t.reference.scoreRate })), rows };
}
